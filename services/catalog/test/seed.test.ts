import { createDb, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb } from '../src/db/connect.ts';
import { migrate } from '../src/db/migrate.ts';
import type { Database } from '../src/db/database.ts';
import { generateCelebrities, generatePosts, generateShows } from '../src/seed/generate-catalog.ts';
import { isCatalogEmpty, seed } from '../src/seed/seed-catalog.ts';

const referenceDate = new Date('2026-06-15T00:00:00Z');
const take = (seedValue: number, posts: number) => [
  ...generatePosts({ seed: seedValue, posts, referenceDate }, generateCelebrities(seedValue, referenceDate)),
];

describe('demo catalogue generation', () => {
  it('gives the same data for the same seed and reference date', () => {
    expect(take(7, 300)).toEqual(take(7, 300));
    expect(generateShows(7, referenceDate)).toEqual(generateShows(7, referenceDate));
  });

  it('gives different data for another seed', () => {
    expect(take(8, 50).map((p) => p.id)).not.toEqual(take(7, 50).map((p) => p.id));
  });

  it('does not change earlier posts when more are asked for', () => {
    expect(take(7, 500).slice(0, 200)).toEqual(take(7, 200));
  });

  it('looks like a real catalogue', () => {
    const posts = take(42, 2000);
    const shows = generateShows(42, referenceDate);
    const celebrities = generateCelebrities(42, referenceDate);
    expect(celebrities.length).toBeGreaterThanOrEqual(60);
    expect(shows.length).toBeGreaterThanOrEqual(25);
    expect(shows.filter((s) => s.name.includes('Real Housewives')).length).toBeGreaterThanOrEqual(3);
    for (const network of ['Netflix', 'HBO', 'Apple TV+', 'Bravo']) {
      expect(shows.some((s) => s.network === network)).toBe(true);
    }
    expect(new Set(posts.map((p) => p.platform))).toEqual(new Set(['bigblondehair', 'wornontv']));
    const statuses = new Set(posts.map((p) => p.status));
    expect(statuses).toEqual(new Set(['approved', 'pending', 'rejected', 'hidden']));
    expect(posts.filter((p) => p.status === 'approved').length / posts.length).toBeGreaterThan(0.75);
    expect(posts.some((p) => p.is_top_pick)).toBe(true);
    expect(new Set(posts.map((p) => p.view_count)).size).toBeGreaterThan(500);
    for (const post of posts) {
      expect(post.links.length).toBeGreaterThanOrEqual(1);
      expect(post.links.length).toBeLessThanOrEqual(5);
      expect(post.main_image).toBe(`/api/images/posts/${post.id}.svg`);
      const age = referenceDate.getTime() - post.created_at.getTime();
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThan(367 * 86_400_000);
      expect(post.updated_at.getTime()).toBeGreaterThanOrEqual(post.created_at.getTime());
    }
    const texts = posts.flatMap((p) => p.links.map((l) => l.text));
    expect(texts.some((t) => /\$\d+\.\d{2}$/.test(t))).toBe(true);
    expect(texts.some((t) => /\$\d+$/.test(t))).toBe(true);
    // Every link points at the demo retailer farm on loopback (npm start checks them there).
    const links = posts.flatMap((p) => p.links);
    expect(links.every((l) => /^http:\/\/[a-z.-]+-demo\.localhost:3005\//.test(l.url))).toBe(true);
    expect(links.some((l) => l.real_url !== null && l.url.includes('skimresources-demo.localhost'))).toBe(
      true,
    );
  });
});

describe('seed()', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase('catalog_seed');
    db = connectDb(database.url, { max: 2 });
    await migrate(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('writes the catalogue once, refuses to write over it, and rewrites it identically with reset', async () => {
    expect(await isCatalogEmpty(db)).toBe(true);
    const result = await seed(db, { seed: 3, posts: 300, referenceDate });
    expect(result).toMatchObject({ posts: 300, celebrities: 73, shows: 29 });
    expect(await isCatalogEmpty(db)).toBe(false);
    const snapshot = async () => ({
      posts: await db.selectFrom('posts').selectAll().orderBy('id').execute(),
      links: await db.selectFrom('affiliate_links').selectAll().orderBy('id').execute(),
      cast: await db.selectFrom('show_cast').selectAll().orderBy('id').execute(),
    });
    const first = await snapshot();
    expect(first.posts).toHaveLength(300);
    expect(first.links.length).toBe(result.links);
    expect(first.cast.length).toBeGreaterThan(25);

    await expect(seed(db, { seed: 3, posts: 300, referenceDate })).rejects.toThrow(/not empty/);
    await seed(db, { seed: 3, posts: 300, referenceDate, reset: true });
    expect(await snapshot()).toEqual(first);
  });

  it('works with a pool that does not set the catalog search_path (the launcher may pass one)', async () => {
    const plain = createDb<Database>({ connectionString: database.url, max: 1 });
    try {
      expect(await isCatalogEmpty(plain)).toBe(false);
      const result = await seed(plain, { seed: 4, posts: 50, referenceDate, reset: true });
      expect(result.posts).toBe(50);
      expect(
        await db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst(),
      ).toEqual({ n: 50 });
    } finally {
      await plain.destroy();
    }
  });
});
