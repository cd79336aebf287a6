import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createTestDatabase, daysAgo, pruneRows, type TestDatabase } from '../src/index.ts';

let database: TestDatabase;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table made by the test only
let db: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabase('db_prune');
  db = createDb({ connectionString: database.url });
  await sql`create schema kept`.execute(db);
  await sql`create table kept.outbox (id serial primary key, sent_at timestamptz)`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const ids = async () =>
  (await sql<{ id: number }>`select id from kept.outbox order by id`.execute(db)).rows.map((row) => row.id);

describe('pruneRows', () => {
  it('deletes only the rows its rule lets go, in batches, and says how many', async () => {
    await sql`truncate kept.outbox restart identity`.execute(db);
    // 1–12: sent 10 days ago; 13–15: sent an hour ago; 16–17: never sent.
    await sql`insert into kept.outbox (sent_at)
      select now() - interval '10 days' from generate_series(1, 12)
      union all select now() - interval '1 hour' from generate_series(1, 3)
      union all select null from generate_series(1, 2)`.execute(db);
    const removed = await pruneRows(db, {
      table: 'kept.outbox',
      where: sql`sent_at < ${daysAgo(7)}`,
      batchSize: 5,
    });
    expect(removed).toBe(12);
    expect(await ids()).toEqual([13, 14, 15, 16, 17]);
  });

  it('stops after its batches, leaving the rest for the next run', async () => {
    await sql`truncate kept.outbox restart identity`.execute(db);
    await sql`insert into kept.outbox (sent_at) select now() - interval '30 days' from generate_series(1, 10)`.execute(
      db,
    );
    const rule = { table: 'kept.outbox', where: sql`sent_at < ${daysAgo(7)}`, batchSize: 3, maxBatches: 2 };
    expect(await pruneRows(db, rule)).toBe(6);
    expect(await pruneRows(db, rule)).toBe(4);
    expect(await ids()).toEqual([]);
  });

  it('passes over rows another transaction holds instead of waiting for them', async () => {
    await sql`truncate kept.outbox restart identity`.execute(db);
    await sql`insert into kept.outbox (sent_at) select now() - interval '30 days' from generate_series(1, 4)`.execute(
      db,
    );
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await sql`select id from kept.outbox where id = 2 for update`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const removed = await pruneRows(db, { table: 'kept.outbox', where: sql`sent_at < ${daysAgo(7)}` });
    release();
    await holder;
    expect(removed).toBe(3);
    expect(await ids()).toEqual([2]);
  });
});
