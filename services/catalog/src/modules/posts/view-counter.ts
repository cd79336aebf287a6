import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { CatalogKeys } from '../../lib/redis-keys.ts';

/**
 * View counting without a database write per request (README, View counts): a read adds one to a Redis
 * hash; the catalog worker moves the hash aside (RENAME, atomic) and adds the counts to PostgreSQL in
 * one statement. The renamed hash stays in Redis until its counts are committed, and the batch id is
 * recorded in the same transaction, so a process dying mid-flush neither loses nor doubles views.
 */
export async function recordView(redis: Redis, keys: CatalogKeys, postId: string): Promise<void> {
  await redis.hincrby(keys.pendingViews, postId, 1);
}

export interface FlushResult {
  batches: number;
  posts: number;
  views: number;
}

export async function flushViewCounts(
  db: Kysely<Database>,
  redis: Redis,
  keys: CatalogKeys,
): Promise<FlushResult> {
  const result: FlushResult = { batches: 0, posts: 0, views: 0 };
  // First finish what a crashed flush left behind, then move the live hash aside.
  const batchKeys = await leftoverBatches(redis, keys);
  const fresh = keys.flushingViews(randomUUID());
  const moved = await redis.renamenx(keys.pendingViews, fresh).catch((error: unknown) => {
    if (error instanceof Error && /no such key/i.test(error.message)) return 0;
    throw error;
  });
  if (moved === 1) batchKeys.push(fresh);
  for (const batchKey of batchKeys) {
    const applied = await applyBatch(db, redis, batchKey);
    result.batches += 1;
    result.posts += applied.posts;
    result.views += applied.views;
  }
  if (result.views > 0) await redis.incr(keys.viewsVersion);
  return result;
}

async function leftoverBatches(redis: Redis, keys: CatalogKeys): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', keys.flushingViewsPattern, 'COUNT', 100);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  return found;
}

async function applyBatch(
  db: Kysely<Database>,
  redis: Redis,
  batchKey: string,
): Promise<{ posts: number; views: number }> {
  const counts = await redis.hgetall(batchKey);
  const ids: string[] = [];
  const views: number[] = [];
  for (const [id, value] of Object.entries(counts)) {
    const n = Number(value);
    if (Number.isInteger(n) && n > 0) {
      ids.push(id);
      views.push(n);
    }
  }
  let total = 0;
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ batch_id: string }>`
      insert into view_count_flushes (batch_id) values (${batchKey})
      on conflict do nothing returning batch_id`.execute(trx);
    if (rows.length === 0 || ids.length === 0) return; // already applied before a crash, or empty
    await sql`
      update posts set view_count = view_count + v.n
      from unnest(${ids}::uuid[], ${views}::int[]) as v(id, n)
      where posts.id = v.id`.execute(trx);
    total = views.reduce((a, b) => a + b, 0);
    // Applied batch ids are kept a week: long enough for any leftover to come back, then pruned.
    await sql`delete from view_count_flushes where flushed_at < now() - interval '7 days'`.execute(trx);
  });
  await redis.del(batchKey);
  return { posts: ids.length, views: total };
}
