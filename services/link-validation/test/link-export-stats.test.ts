import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { guardFormula } from '../src/modules/results/results-csv.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { clearLinkHealth, insertLink, insertPost } from './helpers/link-health-rows.ts';

let h: Harness;
let token: string;
const BASE = '/api/admin/link-validation';

beforeAll(async () => {
  h = await startHarness('link-export-stats');
  token = await h.signer.sign({ sub: randomUUID(), ver: 1 });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await clearLinkHealth(h.db);
});

const exportCsv = (payload: object) =>
  h.app.inject({
    method: 'POST',
    url: `${BASE}/export`,
    payload,
    headers: { authorization: `Bearer ${token}` },
  });
const records = (body: string) =>
  parse(body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
const stats = async () => {
  const answer = await h.app.inject({
    method: 'GET',
    url: `${BASE}/stats`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
};

describe('GET /stats', () => {
  it('answers zeros, not NaN, when there are no links', async () => {
    expect(await stats()).toEqual({
      totalLinks: 0,
      activeLinks: 0,
      activePercentage: 0,
      brokenLinks: 0,
      brokenPercentage: 0,
      soldOutLinks: 0,
      soldOutPercentage: 0,
      unknownLinks: 0,
      unknownPercentage: 0,
    });
  });

  it('counts every status group over live posts, percentages to one decimal', async () => {
    const post = await insertPost(h.db);
    const statuses = [
      'active',
      'active',
      'sold_out',
      '404',
      'invalid',
      'server_error',
      'redirect_error',
      'access_denied',
      'product_removed',
      'unknown',
      'unknown',
    ];
    for (const [i, status] of statuses.entries()) await insertLink(h.db, post, i, { link_status: status });
    const deleted = await insertPost(h.db, { deleted: true });
    await insertLink(h.db, deleted, 0, { link_status: 'active' });
    expect(await stats()).toEqual({
      totalLinks: 11,
      activeLinks: 2,
      activePercentage: 18.2, // 2/11 = 18.18%
      brokenLinks: 6,
      brokenPercentage: 54.5, // 6/11 = 54.545%
      soldOutLinks: 1,
      soldOutPercentage: 9.1, // 1/11 = 9.09%
      unknownLinks: 2,
      unknownPercentage: 18.2,
    });
  });
});

describe('POST /export', () => {
  it('streams a CSV attachment named by the date with every field and confidence in percent', async () => {
    const post = await insertPost(h.db, {
      title: 'Look',
      post_created_at: new Date('2026-05-06T07:08:09.000Z'),
    });
    const checked = new Date('2026-11-20T10:00:00.000Z');
    await insertLink(h.db, post, 0, {
      link_status: 'sold_out',
      confidence: 0.85,
      price: '19.99',
      currency: 'USD',
      http_status: 200,
      last_checked: checked,
      original_url: 'https://shop.example/a',
      final_url: 'https://shop.example/b',
    });
    const answer = await exportCsv({});
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="link-validation-${today}.csv"`);
    expect(answer.body.startsWith('\uFEFFpostId,postTitle,')).toBe(true);
    expect(answer.body).toContain('\r\n');
    const [row, ...rest] = records(answer.body);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      postId: post,
      postTitle: 'Look',
      postCreated: '2026-05-06T07:08:09.000Z',
      linkIndex: '0',
      linkStatus: 'sold_out',
      confidence: '85%',
      price: '19.99',
      currency: 'USD',
      httpStatus: '200',
      lastChecked: checked.toISOString(),
      originalUrl: 'https://shop.example/a',
      realUrl: 'https://shop.example/b',
      statusNotes: '',
    });
  });

  it('quotes commas, quotes and line breaks so a CSV reader gets the text back', async () => {
    const title = 'Coat, "oversized"\nwith belt';
    const post = await insertPost(h.db, { title });
    await insertLink(h.db, post, 0, { link_text: 'Café – ünïcode' });
    const answer = await exportCsv({});
    expect(answer.body).toContain('"Coat, ""oversized""\nwith belt"');
    const [row] = records(answer.body);
    expect(row!.postTitle).toBe(title);
    expect(row!.linkText).toBe('Café – ünïcode');
  });

  it('guards every cell that a spreadsheet would run as a formula', async () => {
    const post = await insertPost(h.db, {
      title: '=HYPERLINK("http://evil.example","click")',
      celebrity: '+1+1',
      show: '-2+3',
      brand: '@SUM(A1)',
      product_type: '\t=1',
    });
    await insertLink(h.db, post, 0, { link_text: '\r=1', error_message: 'ok = fine', retailer: 'A-B' });
    const [row] = records((await exportCsv({})).body);
    expect(row).toMatchObject({
      postTitle: `'=HYPERLINK("http://evil.example","click")`,
      celebrity: "'+1+1",
      show: "'-2+3",
      brand: "'@SUM(A1)",
      productType: "'\t=1",
      linkText: "'\r=1",
      errorMessage: 'ok = fine',
      retailer: 'A-B',
    });
    expect(guardFormula('-')).toBe("'-");
    expect(guardFormula('plain')).toBe('plain');
  });

  it('applies the same filters and sort as the results, in rows', async () => {
    const older = await insertPost(h.db, {
      title: 'Older',
      post_created_at: new Date('2026-01-01T00:00:00Z'),
    });
    const newer = await insertPost(h.db, {
      title: 'Newer',
      post_created_at: new Date('2026-02-01T00:00:00Z'),
    });
    await insertLink(h.db, older, 1, { link_status: '404' });
    await insertLink(h.db, older, 0, { link_status: '404' });
    await insertLink(h.db, newer, 0, { link_status: 'active' });
    await insertLink(h.db, newer, 1, { link_status: 'invalid' });
    const rows = records((await exportCsv({ linkStatus: '404,invalid' })).body);
    expect(rows.map((r) => [r.postTitle, r.linkIndex])).toEqual([
      ['Newer', '1'],
      ['Older', '0'],
      ['Older', '1'],
    ]);
    const byTitle = records(
      (await exportCsv({ linkStatus: ['404'], sortBy: 'postTitle', sortOrder: 'asc' })).body,
    );
    expect(byTitle.map((r) => r.linkIndex)).toEqual(['0', '1']);
    const firstTwo = await exportCsv({ linkStatus: '404,invalid', limit: 2 });
    expect(firstTwo.headers['x-export-cut-at']).toBe('2');
    const page2 = await exportCsv({ linkStatus: '404,invalid', page: 2, limit: 2 });
    expect(records(page2.body).map((r) => [r.postTitle, r.linkIndex])).toEqual([['Older', '1']]);
    expect(page2.headers['x-export-cut-at']).toBeUndefined();
  });

  it('exports at most 10,000 rows and refuses a larger limit', async () => {
    await sql`
        with p as (
          insert into link_validation.posts (id, version, title, status, platform, celebrity, show, brand, product_type, post_created_at)
          select gen_random_uuid(), 1, 'Bulk ' || n, 'approved', 'wornontv', 'C', 'S', 'B', 'T', now() - n * interval '1 minute'
          from generate_series(1, 2001) n returning id
        )
        insert into link_validation.links (id, post_id, link_index, original_url)
        select gen_random_uuid(), p.id, i, 'https://shop.example/' || i from p, generate_series(0, 4) i`.execute(
      h.db,
    );
    const answer = await exportCsv({ limit: 10_000 });
    expect(answer.statusCode).toBe(200);
    expect(records(answer.body)).toHaveLength(10_000);
    // 10,005 links match: the file says it was cut.
    expect(answer.headers['x-export-cut-at']).toBe('10000');
    expect(records((await exportCsv({})).body)).toHaveLength(10_000);
    const refused = await exportCsv({ limit: 10_001 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('body.limit must be <= 10000');
  });

  it.each([
    [{ linkStatus: 'gone' }, 'linkStatus "gone" is not one of'],
    [{ minConfidence: 2 }, 'body.minConfidence must be <= 1'],
    [{ validatedAfter: '11/26/2026' }, 'validatedAfter must be a date'],
    [{ sortBy: 'nope' }, 'body.sortBy must be'],
  ])('refuses %j with a 400 naming the field', async (payload, message) => {
    const answer = await exportCsv(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain(message);
  });
});
