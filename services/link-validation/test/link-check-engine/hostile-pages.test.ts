import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker, type LinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';

// Pages built to make a reader slow or fat. Each is cut at the body cap (5 MiB by default) and
// read in one streaming pass, so the check ends with a verdict well inside its time limit.
const SHOP = 'hostile.test';
let farm: FakeRetailer;
let checker: LinkChecker;

beforeAll(async () => {
  farm = await startFakeRetailer();
  checker = createLinkChecker({ pins: farm.pins(SHOP), resolve: testResolver(), timeoutMs: 15_000 });
});
afterAll(async () => {
  await checker.close();
  await farm.close();
});

async function judgeBody(path: string, body: string) {
  farm.page(SHOP, path, body);
  const started = performance.now();
  const result = await checker.check(farm.url(SHOP, path));
  return { result, seconds: (performance.now() - started) / 1000 };
}

describe('pages that try to stall the reader', () => {
  it('reads a page nested a million elements deep', async () => {
    const depth = 1_000_000;
    const page = `<!doctype html><html><head><title>Deep</title></head><body>${'<div>'.repeat(depth)}<button>Add to cart</button>${'</div>'.repeat(depth)}</body></html>`;
    const { result, seconds } = await judgeBody('/deep', page);
    expect(result).toMatchObject({
      linkStatus: 'unknown',
      errorMessage: 'The page was read only in part: elements nested more than 2,000 deep',
    });
    expect(seconds).toBeLessThan(10);
  });

  it('still judges what it read before the nesting began', async () => {
    const head = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      offers: { '@type': 'Offer', price: '25.00', priceCurrency: 'USD', availability: 'OutOfStock' },
    })}</script>`;
    const page = `<!doctype html><html><head>${head}</head><body>${'<div>'.repeat(300_000)}</body></html>`;
    const { result } = await judgeBody('/deep-after-data', page);
    expect(result).toMatchObject({ linkStatus: 'sold_out', price: 25 });
  });

  it('reads 10 MB of text up to the body cap', async () => {
    const page = `<!doctype html><html><head><title>Long</title></head><body><main><h1>Scarf</h1><p>${'silk scarf '.repeat(1_000_000)}</p></main></body></html>`;
    const { result, seconds } = await judgeBody('/long', page);
    expect(result.httpStatus).toBe(200);
    expect(['unknown', 'active']).toContain(result.linkStatus);
    expect(result.errorMessage).not.toBeNull();
    expect(seconds).toBeLessThan(10);
  });

  it('reads an element with a million attributes', async () => {
    const attributes = Array.from({ length: 1_000_000 }, (_, index) => `a${index}="1"`).join(' ');
    const page = `<!doctype html><html><head><title>Wide</title></head><body><div ${attributes}>x</div></body></html>`;
    const { result, seconds } = await judgeBody('/wide', page);
    expect(result).toMatchObject({
      linkStatus: 'unknown',
      errorMessage: 'The page was read only in part: an element with more than 10,000 attributes',
    });
    expect(seconds).toBeLessThan(10);
  });

  it('reads a million nested buttons without collecting each text a million times', async () => {
    const depth = 500_000;
    const page = `<!doctype html><html><body><main>${'<button>'.repeat(depth)}Buy now${'</button>'.repeat(depth)}</main></body></html>`;
    const { result, seconds } = await judgeBody('/buttons', page);
    expect(result.linkStatus).toBe('unknown');
    expect(seconds).toBeLessThan(10);
  });
});
