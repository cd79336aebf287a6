import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
beforeAll(async () => {
  t = await startTestCatalog('health');
});
afterAll(async () => {
  await t.close();
});

describe('catalog service', () => {
  it('answers /readyz when PostgreSQL and Redis answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { postgres: 'ok', redis: 'ok' } });
  });

  it('creates the agreed tables in the catalog schema', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = 'catalog' order by 1`.execute(
      t.db,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['affiliate_links', 'celebrities', 'posts', 'show_cast', 'shows']),
    );
  });

  it('rejects a post with an unknown platform or status', async () => {
    const base = { title: 't', celebrity: 'c', show: 's', brand: 'b', product_type: 'p' };
    await expect(
      t.db
        .insertInto('posts')
        .values({ ...base, platform: 'instagram' as never })
        .execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      t.db
        .insertInto('posts')
        .values({ ...base, platform: 'wornontv', status: 'archived' as never })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('fills the weighted search vector', async () => {
    const [post] = await t.db
      .insertInto('posts')
      .values({
        title: 'Red Sole Pumps',
        celebrity: 'Kyle Richards',
        show: 'Real Housewives',
        brand: 'Louboutin',
        product_type: 'Shoes',
        platform: 'wornontv',
      })
      .returning(['id'])
      .execute();
    const { rows } = await sql<{ hit: boolean }>`
      select search_vector @@ to_tsquery('simple', 'louboutin') as hit from posts where id = ${post!.id}`.execute(
      t.db,
    );
    expect(rows[0]?.hit).toBe(true);
  });
});
