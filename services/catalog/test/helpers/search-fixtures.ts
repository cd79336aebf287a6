import type { Kysely } from 'kysely';
import type { Database, NewPost, PostStatusValue } from '../../src/db/database.ts';
import { catalogKeys } from '../../src/lib/redis-keys.ts';
import type { TestCatalog } from './app.ts';

const DAY_MS = 86_400_000;

export const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

export interface PostSpec {
  title?: string;
  celebrity: string;
  show: string;
  brand?: string;
  productType?: string;
  description?: string;
  status?: PostStatusValue;
  ageDays?: number;
  image?: string | null;
}

/** Inserts posts the way the admin write path would (raw rows), returning their ids in order. */
export async function insertPosts(db: Kysely<Database>, specs: PostSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const rows: NewPost[] = specs.map((spec, i) => {
    const created = daysAgo(spec.ageDays ?? 1);
    // Distinct instants keep "newest first" deterministic within a test.
    created.setTime(created.getTime() - i * 1000);
    return {
      title: spec.title ?? `${spec.celebrity} look ${i}`,
      celebrity: spec.celebrity,
      show: spec.show,
      brand: spec.brand ?? 'Zara',
      product_type: spec.productType ?? 'Dress',
      description: spec.description ?? '',
      platform: 'wornontv',
      status: spec.status ?? 'approved',
      main_image: spec.image === undefined ? `/img/${i}.jpg` : spec.image,
      created_at: created,
      updated_at: created,
    };
  });
  const inserted = await db.insertInto('posts').values(rows).returning('id').execute();
  return inserted.map((r) => r.id);
}

/** A post write bumps the catalog data version (lib/redis-keys.ts); tests do what writers do. */
export async function postsChanged(t: TestCatalog): Promise<void> {
  await t.redis.incr(catalogKeys(t.keyPrefix).dataVersion);
}

export const NOT_PUBLIC: PostStatusValue[] = ['pending', 'rejected', 'hidden'];

/** README, Caching: a public answer carries Cache-Control and an ETag, and If-None-Match gives a 304. */
export async function expectRevalidates(t: TestCatalog, url: string): Promise<void> {
  const first = await t.app.inject({ method: 'GET', url });
  if (first.statusCode !== 200) throw new Error(`${url} answered ${first.statusCode}`);
  const etag = first.headers.etag;
  if (typeof etag !== 'string') throw new Error(`${url} has no ETag`);
  if (!/public, max-age=\d+, stale-while-revalidate=\d+/.test(String(first.headers['cache-control']))) {
    throw new Error(`${url} has no public Cache-Control`);
  }
  const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
  if (again.statusCode !== 304 || again.body !== '') throw new Error(`${url} did not answer 304`);
}
