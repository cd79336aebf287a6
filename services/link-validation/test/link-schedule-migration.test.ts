import { fileURLToPath } from 'node:url';
import { createTestDatabase, folderMigrations, type TestDatabase } from '@celebstyle/db';
import { sql, type Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from '../src/db/connect.ts';
import type { Database } from '../src/db/database.ts';
import { schema } from '../src/db/migrate.ts';

const BEFORE = '202611270500_audit_outbox';
const SCHEDULE = '202611270600_link_schedule';
const POST = '00000000-0000-4000-8000-000000000001';
const LINK = '00000000-0000-4000-8000-000000000002';
const NEXT = new Date('2026-12-01T10:00:00.123Z');
const LAST = new Date('2026-11-30T10:00:00.456Z');

let database: TestDatabase;
let db: Kysely<Database>;
let migrator: Migrator;

async function migrateTo(name: string) {
  const result = await migrator.migrateTo(name);
  if (result.error) throw result.error;
}

beforeAll(async () => {
  database = await createTestDatabase('lv_schedule_migration');
  db = connectDb(database.url, { max: 2 });
  await sql`create schema if not exists link_validation`.execute(db);
  migrator = new Migrator({
    db: db.withSchema(schema),
    provider: folderMigrations(fileURLToPath(new URL('../src/db/migrations', import.meta.url))),
    migrationTableSchema: schema,
  });
  await migrateTo(BEFORE);
  await sql`insert into link_validation.posts (id, version, status, platform, celebrity, show, brand,
    product_type, post_created_at) values (${POST}, 1, 'approved', 'p', 'c', 's', 'b', 't', now())`.execute(
    db,
  );
  await sql`insert into link_validation.links (id, post_id, link_index, original_url, link_status,
    recommendation, last_checked, next_check_at)
    values (${LINK}, ${POST}, 0, 'https://shop.test/p', 'sold_out', 'investigate', ${LAST}, ${NEXT})`.execute(
    db,
  );
  await sql`insert into link_validation.link_checks (link_id, checked_at, link_status, confidence)
    values (${LINK}, ${new Date(LAST.getTime() - 60_000)}, 'active', 0.9), (${LINK}, ${LAST}, '404', 0.9)`.execute(
    db,
  );
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

describe('migration 202611270600_link_schedule', () => {
  it("moves each link's next check and copies its check times, post, status and recommendation", async () => {
    await migrateTo(SCHEDULE);
    const rows = await db.selectFrom('link_validation.link_schedule').selectAll().execute();
    expect(rows).toEqual([
      {
        link_id: LINK,
        next_check_at: NEXT,
        last_checked: LAST,
        newest_check_at: LAST,
        newest_check_status: '404',
        post_id: POST,
        link_status: 'sold_out',
        recommendation: 'investigate',
      },
    ]);
  });

  it('gives the next check back to the link when undone', async () => {
    await migrateTo(BEFORE);
    const { rows } = await sql<{ next_check_at: Date }>`
      select next_check_at from link_validation.links where id = ${LINK}`.execute(db);
    expect(rows).toEqual([{ next_check_at: NEXT }]);
    await migrateTo(SCHEDULE);
  });
});
