import type { PostImportAnswer } from '@celebstyle/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminTestCatalog, type AdminTestCatalog } from './helpers/app.ts';

let t: AdminTestCatalog;

beforeAll(async () => {
  t = await startAdminTestCatalog('post_import');
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('posts').execute();
  await t.db.deleteFrom('post_events_outbox').execute();
  await t.db.deleteFrom('celebrities').execute();
  await t.db.deleteFrom('shows').execute();
});

const post = (n: number, overrides: Record<string, unknown> = {}) => ({
  url: `https://wornontv.net/${n}/`,
  title: `Look ${n}`,
  description: 'A look.',
  celebrity: 'Kyle Richards',
  show: 'The Real Housewives of Beverly Hills',
  brand: 'Zara',
  productType: 'Dress',
  platform: 'wornontv',
  mainImage: `https://img.example/${n}.jpg`,
  affiliateLinks: [{ text: 'Dress $49', url: `https://shop.example/${n}`, realUrl: null }],
  ...overrides,
});

const importJson = async (rows: unknown) => {
  const res = await t.admin('POST', '/api/admin/posts/import', rows);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PostImportAnswer>();
};
const importNdjson = (text: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/posts/import',
    headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/x-ndjson' },
    payload: text,
  });

describe('POST /api/admin/posts/import', () => {
  it('holds images to the same address rule as an edit: no other host, no javascript: or data:', async () => {
    const answer = await importJson([
      post(41, { mainImage: '//evil.example/x.jpg' }),
      post(42, { enhancedImage: '/\\evil.example/x.jpg' }),
      post(43, { additionalImages: ['https://img.example/a.jpg', 'javascript:alert(1)'] }),
      post(44, {
        affiliateLinks: [{ text: 'x', url: 'https://shop.example/x', realUrl: 'data:text/html,x' }],
      }),
    ]);
    expect(answer.skippedRows.map((row) => row.reason)).toEqual([
      'mainImage must be an http(s) URL or a path',
      'enhancedImage must be an http(s) URL or a path',
      'additionalImages[1] must be an http(s) URL or a path',
      'affiliateLinks[0].realUrl must be an http(s) URL',
    ]);
    expect(answer.created).toBe(0);
  });

  it('creates pending posts, their celebrities and shows, and skips bad rows with a reason each', async () => {
    const answer = await importJson([
      post(1),
      post(2, { celebrity: 'Lisa Rinna', show: 'Vanderpump Rules', platform: 'bigblondehair' }),
      post(3, { celebrity: '  ' }),
      post(4, { platform: 'instagram' }),
      post(5, { url: 'not a url' }),
      'just text',
      post(1, { title: 'Again' }),
      post(6, { affiliateLinks: [{ text: 'x', url: 'javascript:alert(1)' }] }),
      post(7, { show: 'Real Housewives of Beverly Hills' }),
    ]);
    expect(answer).toEqual({
      created: 3,
      updated: 0,
      unchanged: 0,
      skipped: 6,
      skippedRows: [
        { row: 3, url: 'https://wornontv.net/3/', reason: 'celebrity is required' },
        {
          row: 4,
          url: 'https://wornontv.net/4/',
          reason: 'platform must be one of: bigblondehair, wornontv',
        },
        { row: 5, url: 'not a url', reason: 'url must be an http(s) URL (the post’s source)' },
        { row: 6, url: null, reason: 'a post must be a JSON object' },
        { row: 7, url: 'https://wornontv.net/1/', reason: 'same url as row 1' },
        { row: 8, url: 'https://wornontv.net/6/', reason: 'affiliateLinks[0].url must be an http(s) URL' },
      ],
      celebritiesCreated: 2,
      showsCreated: 2,
    });
    const posts = await t.db
      .selectFrom('posts')
      .select(['url', 'status', 'platform'])
      .orderBy('url')
      .execute();
    expect(posts).toEqual([
      { url: 'https://wornontv.net/1/', status: 'pending', platform: 'wornontv' },
      { url: 'https://wornontv.net/2/', status: 'pending', platform: 'bigblondehair' },
      { url: 'https://wornontv.net/7/', status: 'pending', platform: 'wornontv' },
    ]);
    const celebrities = await t.db
      .selectFrom('celebrities')
      .select(['name', 'slug'])
      .orderBy('name')
      .execute();
    expect(celebrities).toEqual([
      { name: 'Kyle Richards', slug: 'kyle-richards' },
      { name: 'Lisa Rinna', slug: 'lisa-rinna' },
    ]);
    const shows = await t.db.selectFrom('shows').select(['name', 'search_term']).orderBy('name').execute();
    expect(shows).toEqual([
      { name: 'The Real Housewives of Beverly Hills', search_term: 'The Real Housewives of Beverly Hills' },
      { name: 'Vanderpump Rules', search_term: 'Vanderpump Rules' },
    ]);
    const events = await t.db.selectFrom('post_events_outbox').select(['kind']).execute();
    expect(events).toEqual([{ kind: 'created' }, { kind: 'created' }, { kind: 'created' }]);
  });

  it('is idempotent: the same file twice changes nothing the second time', async () => {
    const rows = [post(1), post(2, { affiliateLinks: [] }), post(3, { date: '2026-11-01' })];
    expect(await importJson(rows)).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    const before = await t.db.selectFrom('posts').selectAll().orderBy('url').execute();
    const links = await t.db.selectFrom('affiliate_links').selectAll().orderBy('id').execute();
    const outboxBefore = await t.db.selectFrom('post_events_outbox').select('id').execute();
    expect(await importJson(rows)).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped: 0 });
    expect(await t.db.selectFrom('posts').selectAll().orderBy('url').execute()).toEqual(before);
    expect(await t.db.selectFrom('affiliate_links').selectAll().orderBy('id').execute()).toEqual(links);
    expect(await t.db.selectFrom('post_events_outbox').select('id').execute()).toHaveLength(
      outboxBefore.length,
    );
  });

  it('updates a known URL where it differs, keeping its status and the ids of unchanged links', async () => {
    await importJson([post(1, { affiliateLinks: [{ text: 'Dress $49', url: 'https://shop.example/1' }] })]);
    await t.db.updateTable('posts').set({ status: 'approved' }).execute();
    const [link] = await t.db.selectFrom('affiliate_links').select('id').execute();
    const answer = await importJson([
      post(1, {
        title: 'Renamed',
        affiliateLinks: [
          { text: 'Dress $49', url: 'https://shop.example/1' },
          { text: 'Bag', url: 'https://shop.example/bag', realUrl: 'https://brand.example/bag' },
        ],
      }),
    ]);
    expect(answer).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const row = await t.db.selectFrom('posts').select(['title', 'status', 'id']).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Renamed', status: 'approved' });
    const links = await t.db
      .selectFrom('affiliate_links')
      .select(['id', 'text', 'position'])
      .orderBy('position')
      .execute();
    expect(links.map((l) => l.text)).toEqual(['Dress $49', 'Bag']);
    expect(links[0]!.id).toBe(link!.id);
    const kinds = (
      await t.db.selectFrom('post_events_outbox').select('kind').orderBy('created_at').execute()
    ).map((e) => e.kind);
    expect(kinds).toEqual(['created', 'updated']);
  });

  it('takes NDJSON, reporting a line that is not JSON against its row', async () => {
    const text = [JSON.stringify(post(1)), '', '{not json', JSON.stringify(post(2))].join('\n');
    const res = await importNdjson(text);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      created: 2,
      skipped: 1,
      skippedRows: [{ row: 3, url: null, reason: 'not valid JSON' }],
    });
  });

  it('reads the media type in any casing and with parameters (media types are case-insensitive)', async () => {
    const send = (contentType: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/posts/import',
        headers: { authorization: `Bearer ${t.token}`, 'content-type': contentType },
        payload,
      });
    const types = ['application/JSON', 'Application/Json; charset=UTF-8', 'APPLICATION/JSON'];
    for (const [n, contentType] of types.entries()) {
      const res = await send(contentType, JSON.stringify([post(70 + n)]));
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(200);
      expect(res.json<PostImportAnswer>().created, contentType).toBe(1);
    }
    for (const [n, contentType] of ['APPLICATION/X-NDJSON', 'Application/JSONL; charset=utf-8'].entries()) {
      const res = await send(contentType, JSON.stringify(post(80 + n)));
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(200);
      expect(res.json<PostImportAnswer>().created, contentType).toBe(1);
    }
    const notAList = await send('application/JSON', '{"posts":[]}');
    expect(notAList.statusCode).toBe(400);
    expect(notAList.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('refuses a body that is not a list of posts with 400, changing nothing', async () => {
    for (const body of [[], { posts: [] }]) {
      const res = await t.admin('POST', '/api/admin/posts/import', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400 });
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts/import',
      headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
      payload: '[{"url": ',
    });
    expect(broken.statusCode).toBe(400);
    expect((await importNdjson('')).statusCode).toBe(400);
    expect(await t.db.selectFrom('posts').selectAll().execute()).toEqual([]);
  });

  it('imports 10,000 rows, and the same 10,000 again as unchanged (timed by npm run bench:import)', async () => {
    const rows = Array.from({ length: 10_000 }, (_, n) =>
      post(n, { celebrity: `Celebrity ${n % 300}`, show: `Show ${n % 40}`, brand: `Brand ${n % 90}` }),
    );
    const text = rows.map((r) => JSON.stringify(r)).join('\n');
    const res = await importNdjson(text);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      created: 10_000,
      skipped: 0,
      celebritiesCreated: 300,
      showsCreated: 40,
    });
    expect((await importNdjson(text)).json()).toMatchObject({ created: 0, updated: 0, unchanged: 10_000 });
    const published = await t.db
      .selectFrom('post_events_outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('published_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(published.n)).toBe(10_000);
  }, 60_000);
});

describe('npm run import-posts -- FILE', () => {
  it('imports a file from the command line, and the same file again as unchanged', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'catalog-import-'));
    try {
      const file = path.join(dir, 'posts.json');
      await writeFile(file, JSON.stringify([post(1), post(2), { url: 'https://x.example/' }]));
      const env = {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
        QUEUE_PREFIX: t.keyPrefix,
        LOG_LEVEL: 'silent',
      };
      const run = () =>
        promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/import-posts.ts', file], {
          env,
          cwd: path.resolve(import.meta.dirname, '..'),
        });
      const first = JSON.parse((await run()).stdout);
      expect(first).toMatchObject({
        created: 2,
        skipped: 1,
        skippedRows: [{ row: 3, reason: 'platform is required' }],
      });
      const second = JSON.parse((await run()).stdout);
      expect(second).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
