import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverServices, migrateAll } from '../src/migrate-all.ts';
import { MIGRATION_ORDER } from '../src/process-table.ts';

const workspace = fileURLToPath(new URL('..', import.meta.url));

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const schemasOf = async (client: pg.Client) =>
  (
    await client.query<{ table_schema: string; tables: number }>(
      `select table_schema, count(*)::int as tables from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') group by 1 order by 1`,
    )
  ).rows;

/** A database where accounts' first migration cannot run: its admins table is already there. */
async function databaseWhereAccountsCannotMigrate(name: string): Promise<TestDatabase> {
  const database = await createTestDatabase(name);
  await withClient(database.url, async (client) => {
    await client.query('create schema accounts');
    await client.query('create table accounts.admins (squatter int)');
  });
  return database;
}

describe('npm run migrate (migrateAll)', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => Promise.all(databases.map((d) => d.drop())));

  it('migrates every service into its own schema, and a second run changes nothing', async () => {
    const database = await createTestDatabase('deploy_migrate');
    databases.push(database);
    const migrated = await migrateAll(database.url, () => undefined);
    expect(migrated).toEqual(discoverServices());
    expect(migrated).toContain('catalog');

    await withClient(database.url, async (client) => {
      const first = await schemasOf(client);
      expect(first.map((r) => r.table_schema)).toContain('catalog');
      // Services never create tables in public (docs/design.md, Data ownership: one schema per service).
      expect(first.map((r) => r.table_schema)).not.toContain('public');
      await migrateAll(database.url, () => undefined);
      expect(await schemasOf(client)).toEqual(first);
    });
  });

  it('migrates the services in the order of the process table, as the Kubernetes migration Job does', () => {
    expect(discoverServices()).toEqual(MIGRATION_ORDER);
  });

  it('stops at the first failed migration with an error naming the service and the cause', async () => {
    const database = await databaseWhereAccountsCannotMigrate('deploy_migrate_fails');
    databases.push(database);
    const lines: string[] = [];
    const run = migrateAll(database.url, (line) => lines.push(line));
    await expect(run).rejects.toThrow(/^accounts: migration failed: .*"admins" already exists/);
    expect(lines.some((line) => line.includes('catalog up to date'))).toBe(true);
    expect(lines.some((line) => line.includes('accounts up to date'))).toBe(false);
    // Nothing after the failure ran, and accounts' failed run left nothing half done.
    await withClient(database.url, async (client) => {
      const schemas = (await schemasOf(client)).map((r) => r.table_schema);
      expect(schemas).not.toContain('link_validation');
      expect(schemas).not.toContain('newsletter');
      const accountsTables = await client.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'accounts'`,
      );
      expect(accountsTables.rows.map((r) => r.table_name)).not.toContain('refresh_tokens');
    });
  });

  it('refuses a service whose migration module does not export its schema, naming the service', async () => {
    const database = await createTestDatabase('deploy_migrate_contract');
    databases.push(database);
    const servicesRoot = fileURLToPath(new URL('./fixtures/services', import.meta.url));
    await expect(
      migrateAll(database.url, () => undefined, { servicesRoot, services: ['no-schema'] }),
    ).rejects.toThrow(/^no-schema: src\/db\/migrate\.ts must export schema/);
  });

  it('exits with code 1 and one line naming the failed service (the npm run migrate command)', async () => {
    const database = await databaseWhereAccountsCannotMigrate('deploy_migrate_cli');
    databases.push(database);
    const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/migrate-command.ts'],
        {
          cwd: workspace,
          env: { PATH: process.env.PATH, DATABASE_URL: database.url },
          timeout: 120_000,
        },
        (error, _stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stderr }),
      );
    });
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toMatch(/^migrate: accounts: migration failed: .*"admins" already exists/m);
    expect(outcome.stderr).not.toMatch(/^\s+at /m);
  });
});
