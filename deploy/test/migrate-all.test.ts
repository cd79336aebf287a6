import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverServices, migrateAll } from '../src/migrate-all.ts';

describe('npm run migrate (migrateAll)', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => database?.drop());

  it('migrates every service into its own schema, and a second run changes nothing', async () => {
    database = await createTestDatabase('deploy_migrate');
    const migrated = await migrateAll(database.url, () => undefined);
    expect(migrated).toEqual(discoverServices());
    expect(migrated).toContain('catalog');

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const schemas = async () =>
        (
          await client.query<{ table_schema: string; tables: number }>(
            `select table_schema, count(*)::int as tables from information_schema.tables
             where table_schema not in ('pg_catalog', 'information_schema') group by 1 order by 1`,
          )
        ).rows;
      const first = await schemas();
      expect(first.map((r) => r.table_schema)).toContain('catalog');
      // Services never create tables in public (docs/design.md, Data ownership: one schema per service).
      expect(first.map((r) => r.table_schema)).not.toContain('public');
      await migrateAll(database.url, () => undefined);
      expect(await schemas()).toEqual(first);
    } finally {
      await client.end();
    }
  });
});
