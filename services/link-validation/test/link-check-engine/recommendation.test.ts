import { normalizeRules } from '@celebstyle/url-cleaning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWithCleaned } from '../../src/modules/link-check-engine/check-with-cleaned.ts';
import { createLinkChecker, type LinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import type { Recommendation } from '../../src/modules/link-check-engine/recommendation.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';

const SHOP = 'shop.test';
const rules = normalizeRules([{ domain: 'shop.test', preserveParams: ['color'] }]);
let farm: FakeRetailer;
let checker: LinkChecker;

type Answer = { status: number; availability?: string; price?: string };
const page = (availability: string, price: string) =>
  htmlPage({ head: productJsonLd({ availability, price, priceCurrency: 'USD' }) });

/** Serves `path` one way when the tracking parameter is there (original) and another without (cleaned). */
function serve(path: string, original: Answer, cleaned: Answer) {
  farm.on(SHOP, path, (request, response) => {
    const answer = (request.url ?? '').includes('utm_source=') ? original : cleaned;
    if (answer.status !== 200) {
      response
        .writeHead(answer.status, { 'content-type': 'text/html' })
        .end('<html><body>error</body></html>');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(page(answer.availability ?? 'InStock', answer.price ?? '100.00'));
  });
  return `${farm.url(SHOP, path)}?color=red&utm_source=celebstyle`;
}

beforeAll(async () => {
  farm = await startFakeRetailer();
  checker = createLinkChecker({ pins: farm.pins(SHOP), resolve: testResolver(), timeoutMs: 5_000 });
});
afterAll(async () => {
  await checker.close();
  await farm.close();
});

describe('original versus cleaned URL: the eight recommendations', () => {
  const cases: [Recommendation, Answer, Answer][] = [
    ['equivalent', { status: 200 }, { status: 200 }],
    ['use_original', { status: 200 }, { status: 404 }],
    ['use_original_despite_parameters', { status: 200 }, { status: 503 }],
    [
      'use_original_with_parameters',
      { status: 200, price: '100.00' },
      { status: 200, availability: 'OutOfStock', price: '100.00' },
    ],
    ['use_original_for_safety', { status: 503 }, { status: 404 }],
    ['use_cleaned_url', { status: 404 }, { status: 200 }],
    ['investigate', { status: 404 }, { status: 500 }],
    ['both_broken', { status: 404 }, { status: 404 }],
  ];

  it.each(cases)('%s', async (expected, original, cleaned) => {
    const url = serve(`/p/${expected}`, original, cleaned);
    const result = await checkWithCleaned(checker, url, rules);
    expect(result.cleanUrl).toBe(`${farm.url(SHOP, `/p/${expected}`)}?color=red`);
    expect(result.cleaned).not.toBeNull();
    expect(result.recommendation).toBe(expected);
  });

  it('investigates when only the cleaned URL can be bought (it may show another variant)', async () => {
    const url = serve('/p/variant', { status: 200, availability: 'OutOfStock' }, { status: 200 });
    expect((await checkWithCleaned(checker, url, rules)).recommendation).toBe('investigate');
  });

  it('uses the cleaned URL when the original cannot be judged and the cleaned one works', async () => {
    const url = serve('/p/blocked-original', { status: 403 }, { status: 200 });
    expect((await checkWithCleaned(checker, url, rules)).recommendation).toBe('use_cleaned_url');
  });

  it('checks once and recommends nothing when cleaning changes nothing', async () => {
    const path = '/p/clean-already';
    serve(path, { status: 200 }, { status: 200 });
    const before = farm.requests.length;
    const result = await checkWithCleaned(checker, `${farm.url(SHOP, path)}?color=blue`, rules);
    expect(result).toMatchObject({
      recommendation: null,
      cleaned: null,
      cleanUrl: `${farm.url(SHOP, path)}?color=blue`,
    });
    expect(result.original.linkStatus).toBe('active');
    expect(farm.requests.length - before).toBe(1);
  });
});
