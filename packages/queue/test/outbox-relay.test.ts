import { createDb, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestRedis,
  createWorkerConnection,
  relayOutbox,
  type OutboxRow,
  type OutboxTable,
  type TestRedis,
} from '../src/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table of the test's own
type AnyDb = Kysely<any>;

let database: TestDatabase;
let redis: TestRedis;
let admin: pg.Client;
const dbs: AnyDb[] = [];
const queues: Queue[] = [];
const connections: ReturnType<typeof createWorkerConnection>[] = [];
const outbox: OutboxTable = { table: 'relay.events' };

/** One replica's connection pool, named so a test can end its session as a dying process would. */
function replica(name: string): AnyDb {
  const db = createDb({
    connectionString: database.url,
    applicationName: name,
    onIdleError: () => undefined,
  });
  dbs.push(db);
  return db;
}

function queue(): Queue {
  const connection = createWorkerConnection(redis.url);
  connections.push(connection);
  const made = new Queue(`relay-${randomUUID()}`, { connection, prefix: redis.prefix });
  queues.push(made);
  return made;
}

/** A publisher as services write them: each row a job under its row id. */
const publishTo = (target: Queue) => async (rows: readonly OutboxRow[]) => {
  await target.addBulk(
    rows.map((row) => ({ name: 'event', data: row.payload as object, opts: { jobId: row.id } })),
  );
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function writeEvents(count: number): Promise<void> {
  await sql`insert into relay.events (id, payload)
    select gen_random_uuid(), jsonb_build_object('n', n) from generate_series(1, ${count}) as n`.execute(
    dbs[0]!,
  );
}

const unpublished = async () =>
  Number(
    (
      await sql<{ n: number }>`select count(*) as n from relay.events where published_at is null`.execute(
        dbs[0]!,
      )
    ).rows[0]!.n,
  );

beforeAll(async () => {
  database = await createTestDatabase('queue_relay');
  redis = await createTestRedis('relay');
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  await admin.query(`create schema relay;
    create table relay.events (id uuid primary key, payload jsonb not null,
      created_at timestamptz not null default clock_timestamp(), published_at timestamptz)`);
  replica('setup');
});
beforeEach(async () => {
  await admin.query('truncate relay.events');
});
afterAll(async () => {
  await Promise.all(queues.map((made) => made.close()));
  for (const connection of connections) connection.disconnect();
  await Promise.all(dbs.map((db) => db.destroy()));
  await admin.end();
  await redis.cleanup();
  await database.drop();
});

describe('relayOutbox', () => {
  it('publishes every row once when two replicas relay the same outbox at once', async () => {
    await writeEvents(600);
    const target = queue();
    const seen = { a: [] as string[], b: [] as string[] };
    // Each publish takes a moment, as a round trip to Redis does, so the two relays overlap.
    const relay = (name: 'a' | 'b') =>
      relayOutbox(
        replica(`relay-${name}`),
        outbox,
        async (rows) => {
          seen[name].push(...rows.map((row) => row.id));
          await pause(5);
          await publishTo(target)(rows);
        },
        { batchSize: 50 },
      );

    const [a, b] = await Promise.all([relay('a'), relay('b')]);

    expect(a + b).toBe(600);
    expect(seen.a.length).toBeGreaterThan(0);
    expect(seen.b.length).toBeGreaterThan(0);
    expect(new Set([...seen.a, ...seen.b]).size).toBe(600);
    expect(seen.a.length + seen.b.length).toBe(600);
    expect(await target.getJobCountByTypes('waiting')).toBe(600);
    expect(await unpublished()).toBe(0);
  });

  it('loses nothing when a relay dies between publishing a batch and marking it', async () => {
    await writeEvents(120);
    const target = queue();
    let diedWith: string[] = [];
    // The first replica publishes its batch, then its process dies: PostgreSQL ends its session
    // while the batch's transaction is open, so the rows are neither marked nor left locked.
    const dying = relayOutbox(
      replica('relay-dying'),
      outbox,
      async (rows) => {
        await publishTo(target)(rows);
        diedWith = rows.map((row) => row.id);
        const session = `from pg_stat_activity
          where application_name = 'relay-dying' and datname = current_database()`;
        await admin.query(`select pg_terminate_backend(pid) ${session}`);
        await expect
          .poll(
            async () => (await admin.query<{ n: number }>(`select count(*)::int as n ${session}`)).rows[0]!.n,
          )
          .toBe(0);
      },
      { batchSize: 40 },
    );
    await expect(dying).rejects.toThrow();
    expect(diedWith).toHaveLength(40);
    expect(await unpublished()).toBe(120);

    const survivor = await relayOutbox(replica('relay-survivor'), outbox, publishTo(target), {
      batchSize: 40,
    });

    // At least once: the dead relay's batch went out again, under the same job ids (one job each).
    expect(survivor).toBe(120);
    expect(await unpublished()).toBe(0);
    expect(await target.getJobCountByTypes('waiting')).toBe(120);
    const ids = (await target.getJobs(['waiting'], 0, -1)).map((job) => job.id);
    expect(new Set(ids)).toEqual(
      new Set(
        (await sql<{ id: string }>`select id from relay.events`.execute(dbs[0]!)).rows.map((row) => row.id),
      ),
    );
    expect(ids).toEqual(expect.arrayContaining(diedWith));
  });

  it('relays only the rows named by ids, and leaves the rest for the sweep', async () => {
    await writeEvents(5);
    const rows = (await sql<{ id: string }>`select id from relay.events order by created_at`.execute(dbs[0]!))
      .rows;
    const target = queue();

    expect(await relayOutbox(dbs[0]!, outbox, publishTo(target), { ids: [rows[1]!.id, rows[3]!.id] })).toBe(
      2,
    );
    expect(await unpublished()).toBe(3);
    expect(await relayOutbox(dbs[0]!, outbox, publishTo(target), { ids: [] })).toBe(0);
    expect(await relayOutbox(dbs[0]!, outbox, publishTo(target))).toBe(3);
    expect(await target.getJobCountByTypes('waiting')).toBe(5);
  });

  it('leaves a batch unpublished when its publish fails, for the next run', async () => {
    await writeEvents(3);
    const failing = relayOutbox(dbs[0]!, outbox, async () => {
      throw new Error('Redis is down');
    });
    await expect(failing).rejects.toThrow('Redis is down');
    expect(await unpublished()).toBe(3);
  });
});
