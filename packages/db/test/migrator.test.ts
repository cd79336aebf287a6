import { sql, type Generated } from 'kysely';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createTestDatabase, migrateToLatest, pingDb, type TestDatabase } from '../src/index.ts';

const folder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('db_pkg');
});
afterAll(async () => {
  await database.drop();
});

describe('migrateToLatest', () => {
  it("creates the service's tables and its bookkeeping inside the service's own schema", async () => {
    const db = createDb<{ widgets: { id: Generated<number>; name: string } }>({
      connectionString: database.url,
      schema: 'shop',
    });
    try {
      const first = await migrateToLatest(db, { schema: 'shop', folder });
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual([
        ['202601010000_widgets', 'Success'],
      ]);
      const second = await migrateToLatest(db, { schema: 'shop', folder });
      expect(second.results).toEqual([]);

      const tables = await sql<{ table_schema: string; table_name: string }>`
        select table_schema, table_name from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema') order by table_name`.execute(db);
      expect(tables.rows).toEqual([
        { table_schema: 'shop', table_name: 'kysely_migration' },
        { table_schema: 'shop', table_name: 'kysely_migration_lock' },
        { table_schema: 'shop', table_name: 'widgets' },
      ]);

      // search_path is the service schema, so queries name tables without a prefix
      await db.insertInto('widgets').values({ name: 'hat' }).execute();
      expect(await db.selectFrom('widgets').select('name').execute()).toEqual([{ name: 'hat' }]);
    } finally {
      await db.destroy();
    }
  });

  it("runs a migration longer than the pool's statement timeout to its end", async () => {
    const slowFolder = fileURLToPath(new URL('./fixtures/slow-migrations', import.meta.url));
    const db = createDb({ connectionString: database.url, schema: 'slow' });
    try {
      await sql`set statement_timeout = 500`.execute(db);
      await sql`alter database ${sql.id(database.name)} set statement_timeout = 500`.execute(db);
      const result = await migrateToLatest(db, { schema: 'slow', folder: slowFolder });
      expect(result.results?.map((r) => r.status)).toEqual(['Success']);
    } finally {
      await sql`alter database ${sql.id(database.name)} reset statement_timeout`.execute(db);
      await db.destroy();
    }
  });

  it('answers counts as numbers', async () => {
    const db = createDb({ connectionString: database.url });
    try {
      await pingDb(db);
      const { rows } = await sql<{ n: number }>`select count(*) as n from generate_series(1, 3)`.execute(db);
      expect(rows[0]!.n).toBe(3);
    } finally {
      await db.destroy();
    }
  });
});

describe('createTestDatabase', () => {
  it('gives a fresh database and drops it, even with connections still open', async () => {
    const temp = await createTestDatabase('db_pkg_drop');
    const client = new pg.Client({ connectionString: temp.url });
    await client.connect();
    client.on('error', () => {});
    await temp.drop();
    const server = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await server.connect();
    const { rows } = await server.query('select 1 from pg_database where datname = $1', [temp.name]);
    await server.end();
    expect(rows).toHaveLength(0);
  });
});

describe('createDb', () => {
  it('survives PostgreSQL ending an idle pooled connection, and reconnects on the next query', async () => {
    const lost: string[] = [];
    const db = createDb({
      connectionString: database.url,
      applicationName: 'idle-error-test',
      onIdleError: (error) => lost.push(error.message),
    });
    try {
      await pingDb(db);
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'idle-error-test'",
      );
      await admin.end();
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      await pingDb(db);
    } finally {
      await db.destroy();
    }
  });
});
