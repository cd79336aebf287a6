import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
beforeAll(async () => {
  t = await startTestCatalog('query_numbers');
});
afterAll(async () => {
  await t?.close();
});

const SHOW_ID = '6f1c1a52-0d7e-4c8f-9a55-0d8a1b9b7c31';
/** Every public read that takes a page or a limit, with the parameters it takes. */
const READS: Array<[string, Array<'page' | 'limit'>]> = [
  ['/api/posts?', ['page', 'limit']],
  ['/api/posts/top-picks?', ['limit']],
  ['/api/posts/popular-posts?', ['limit']],
  ['/api/posts/trending-celebrities?', ['limit']],
  ['/api/posts/shows?', ['page', 'limit']],
  ['/api/search?q=dress&', ['limit']],
  ['/api/posts/search/dress?', ['page', 'limit']],
  ['/api/posts/celebrity/zendaya?', ['page', 'limit']],
  ['/api/posts/show/Euphoria?', ['page', 'limit']],
  [`/api/posts/shows/${SHOW_ID}/cast?`, ['page', 'limit']],
];
const NOT_FINITE = ['Infinity', '-Infinity', '1e400', '-1e400'];
const CASES = READS.flatMap(([url, fields]) =>
  fields.flatMap((field) => NOT_FINITE.map((value) => [`${url}${field}=${value}`, field] as const)),
);

describe('numbers in public read queries', () => {
  it.each(CASES)('answers %s with 400 naming %s', async (url, field) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_FAILED' });
    expect(res.json().message).toMatch(new RegExp(`^querystring\\.${field} must be`));
  });
});
