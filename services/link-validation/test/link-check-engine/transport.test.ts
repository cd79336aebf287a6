import { brotliCompressSync, gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker, type LinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';

const SHOP = 'slow.test';
let farm: FakeRetailer;
let checker: LinkChecker;
let quickChecker: LinkChecker;
const product = htmlPage({
  head: productJsonLd({ price: '75.00', priceCurrency: 'EUR', availability: 'InStock' }),
});

beforeAll(async () => {
  farm = await startFakeRetailer();
  checker = createLinkChecker({ pins: farm.pins(SHOP), resolve: testResolver() });
  quickChecker = createLinkChecker({ pins: farm.pins(SHOP), resolve: testResolver(), timeoutMs: 1_500 });
});
afterAll(async () => {
  await Promise.all([checker.close(), quickChecker.close()]);
  await farm.close();
});

/** A product page of about `bytes` bytes whose structured data comes last. */
function hugePage(bytes: number): string {
  const filler = '<div class="tile"><p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p></div>\n';
  const body = filler.repeat(Math.ceil(bytes / filler.length));
  return `<!doctype html><html><head><title>Gown</title></head><body><main><h1>Gown</h1>${body}</main>${productJsonLd({ price: '2,450.00', priceCurrency: 'USD', availability: 'InStock' })}</body></html>`;
}

describe('slow, hanging, reset and huge answers', () => {
  it(
    'waits for a shop that answers after 8 s (the default total timeout is longer)',
    { timeout: 20_000 },
    async () => {
      farm.on(SHOP, '/slow', (_request, response) => {
        setTimeout(() => response.writeHead(200, { 'content-type': 'text/html' }).end(product), 8_000);
      });
      const result = await checker.check(farm.url(SHOP, '/slow'));
      expect(result.linkStatus).toBe('active');
      expect(result.responseTime).toBeGreaterThanOrEqual(7_900);
    },
  );

  it('gives up on a shop that never answers, as unknown', async () => {
    farm.on(SHOP, '/hang', () => undefined);
    const result = await quickChecker.check(farm.url(SHOP, '/hang'));
    expect(result).toMatchObject({
      linkStatus: 'unknown',
      httpStatus: null,
      errorMessage: 'Timed out after 1500 ms',
    });
  });

  it('gives up on a body that stops half way, as unknown', async () => {
    farm.on(SHOP, '/stall', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<html><head><title>Half');
    });
    expect((await quickChecker.check(farm.url(SHOP, '/stall'))).linkStatus).toBe('unknown');
  });

  it('calls a reset connection unknown', async () => {
    farm.on(SHOP, '/reset', (request) => {
      request.socket.destroy();
    });
    const result = await checker.check(farm.url(SHOP, '/reset'));
    expect(result).toMatchObject({ linkStatus: 'unknown', httpStatus: null });
    expect(result.errorMessage).toMatch(/reset|Network error|closed/i);
  });

  it('judges a 2.5 MB product page whose structured data is at its end', async () => {
    const page = hugePage(2.5 * 1024 * 1024);
    expect(page.length).toBeGreaterThan(2.5 * 1024 * 1024);
    farm.page(SHOP, '/huge', page);
    expect(await checker.check(farm.url(SHOP, '/huge'))).toMatchObject({ linkStatus: 'active', price: 2450 });
  });

  it('reads only the cap of a page larger than it, and of a compression bomb', async () => {
    const capped = createLinkChecker({
      pins: farm.pins(SHOP),
      resolve: testResolver(),
      bodyCapBytes: 64 * 1024,
    });
    try {
      farm.page(
        SHOP,
        '/over-cap',
        `<html><head>${productJsonLd({ availability: 'OutOfStock' })}</head><body>${'x'.repeat(1024 * 1024)}</body></html>`,
      );
      expect((await capped.check(farm.url(SHOP, '/over-cap'))).linkStatus).toBe('sold_out');
      const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x20));
      farm.on(
        SHOP,
        '/bomb',
        (_request, response) =>
          void response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb),
      );
      const before = process.memoryUsage().rss;
      expect((await capped.check(farm.url(SHOP, '/bomb'))).linkStatus).toBe('unknown');
      expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
    } finally {
      await capped.close();
    }
  });
});

describe('compression and charsets', () => {
  it.each([
    ['gzip', gzipSync],
    ['br', brotliCompressSync],
  ])('decompresses %s', async (encoding, compress) => {
    farm.on(SHOP, `/compressed-${encoding}`, (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding })
        .end(compress(Buffer.from(product)));
    });
    expect(await checker.check(farm.url(SHOP, `/compressed-${encoding}`))).toMatchObject({
      linkStatus: 'active',
      price: 75,
    });
  });

  it('says so when an encoding cannot be read', async () => {
    farm.on(
      SHOP,
      '/zstd',
      (_request, response) =>
        void response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' }).end('??'),
    );
    expect(await checker.check(farm.url(SHOP, '/zstd'))).toMatchObject({
      linkStatus: 'unknown',
      errorMessage: "Unsupported content encoding 'zstd'",
    });
  });

  const legacyPage = (charsetMeta: string) =>
    `<html><head>${charsetMeta}<title>Robe</title><meta property="og:site_name" content="Café “Élégance”"></head>
     <body><main><h1>Robe</h1><span class="price">1.299,00 €</span><button>Ajouter au panier</button><p>Épuisé en taille S</p></main></body></html>`;

  it('decodes windows-1252 named in the Content-Type header', async () => {
    farm.on(SHOP, '/cp1252', (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=windows-1252' })
        .end(iconv.encode(legacyPage(''), 'windows-1252'));
    });
    const result = await checker.check(farm.url(SHOP, '/cp1252'));
    expect(result).toMatchObject({
      retailer: 'Café “Élégance”',
      price: 1299,
      currency: 'EUR',
      linkStatus: 'active',
    });
  });

  it('decodes ISO-8859-1 named only in a meta tag (read as windows-1252, as browsers do)', async () => {
    farm.on(SHOP, '/latin1', (_request, response) => {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          iconv.encode(
            legacyPage('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">'),
            'windows-1252',
          ),
        );
    });
    expect((await checker.check(farm.url(SHOP, '/latin1'))).retailer).toBe('Café “Élégance”');
  });
});
