// CLI: npm run seed -w @celebstyle/catalog -- --posts 200000 --seed 42 [--reset] [--reference-date 2026-11-01]
import { parseArgs } from 'node:util';
import { loadCatalogConfig } from '../config.ts';
import { connectDb } from '../db/connect.ts';
import { migrate } from '../db/migrate.ts';
import { DEFAULT_SEED, DEFAULT_SEED_POSTS, seed } from './seed-catalog.ts';
import { bumpCatalogVersion } from '../lib/catalog-version.ts';
import { createProducerConnection } from '@celebstyle/queue';

function startOfTodayUtc(): string {
  return `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
}

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: String(DEFAULT_SEED_POSTS) },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    // Default: today at 00:00 UTC, so a fresh demo has looks from this week (recent looks, trending).
    // The data depends on the day only; pass --reference-date to reproduce a catalogue exactly.
    'reference-date': { type: 'string', default: startOfTodayUtc() },
    reset: { type: 'boolean', default: false },
  },
});

const posts = Number(values.posts);
const seedValue = Number(values.seed);
const referenceDate = new Date(values['reference-date']);
if (!Number.isInteger(posts) || posts < 0 || posts > 5_000_000) throw new Error('--posts must be 0..5000000');
if (!Number.isInteger(seedValue)) throw new Error('--seed must be an integer');
if (Number.isNaN(referenceDate.getTime())) throw new Error('--reference-date must be a date');

const config = loadCatalogConfig();
const db = connectDb(config.DATABASE_URL, { max: 2, applicationName: 'catalog-seed' });
try {
  await migrate(db);
  const result = await seed(db, {
    seed: seedValue,
    posts,
    referenceDate,
    reset: values.reset,
    onProgress: (done, total) => {
      if (done % 20_000 === 0 || done === total) console.log(`catalog seed: ${done}/${total} posts`);
    },
  });
  console.log(
    `catalog seed: ${result.posts} posts, ${result.links} links, ${result.celebrities} celebrities, ` +
      `${result.shows} shows, ${result.castMembers} cast members in ${result.durationMs} ms ` +
      `(seed ${seedValue}, reference date ${referenceDate.toISOString()})`,
  );
  // Cached aggregates are keyed by the data version; bump it so no cache outlives the old data.
  const redis = createProducerConnection(config.REDIS_URL, { lazyConnect: true });
  try {
    await redis.connect();
    await bumpCatalogVersion(redis, config.QUEUE_PREFIX);
  } catch {
    console.warn('catalog seed: Redis not reachable; cached aggregates expire on their own');
  } finally {
    redis.disconnect();
  }
} catch (error) {
  console.error('catalog seed failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
