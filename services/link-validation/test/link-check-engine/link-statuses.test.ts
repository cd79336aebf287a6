import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker, type LinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';
import {
  htmlPage,
  inStockRecommendations,
  listingPage,
  productJsonLd,
  siteHeader,
} from '../helpers/product-pages.ts';

const SHOP = 'shop.test';
let farm: FakeRetailer;
let checker: LinkChecker;

beforeAll(async () => {
  farm = await startFakeRetailer();
  checker = createLinkChecker({
    pins: farm.pins(SHOP, 'other.test'),
    resolve: testResolver(),
    timeoutMs: 5_000,
  });
});
afterAll(async () => {
  await checker.close();
  await farm.close();
});

const instock = {
  '@type': 'Offer',
  price: '89.00',
  priceCurrency: 'USD',
  availability: 'https://schema.org/InStock',
};
const productPage = (offers: unknown) =>
  htmlPage({ head: productJsonLd(offers), body: `${siteHeader}<main><h1>Silk Midi Dress</h1></main>` });

function status(
  path: string,
  code: number,
  body = '<html><body>nothing</body></html>',
  headers: Record<string, string> = {},
) {
  farm.on(SHOP, path, (_request, response) => {
    response.writeHead(code, { 'content-type': 'text/html', ...headers }).end(body);
  });
  return farm.url(SHOP, path);
}

describe('link statuses (link-health-and-routes.md §3) in order of precedence', () => {
  it('invalid: an unparseable URL, a non-http(s) scheme, or a host that does not resolve', async () => {
    for (const url of [
      'not a url',
      'javascript:alert(1)',
      'ftp://files.test/dress',
      'http://missing.test/p/1',
    ]) {
      const result = await checker.check(url);
      expect(result.linkStatus, url).toBe('invalid');
      expect(result.errorMessage, url).toBeTruthy();
      expect(result.httpStatus).toBeNull();
    }
  });

  it('redirect_error: a 3xx without Location', async () => {
    const result = await checker.check(status('/no-location', 302, ''));
    expect(result).toMatchObject({
      linkStatus: 'redirect_error',
      httpStatus: 302,
      errorMessage: 'HTTP 302 without a Location header',
    });
  });

  it('access_denied: 401, 403 and 451', async () => {
    for (const code of [401, 403, 451]) {
      const result = await checker.check(status(`/denied-${code}`, code));
      expect(result, String(code)).toMatchObject({ linkStatus: 'access_denied', httpStatus: code });
    }
  });

  it('access_denied: a challenge page wins over its status, even 200, 404 or 503', async () => {
    const challenge = htmlPage({
      title: 'Just a moment...',
      body: '<div id="cf-browser-verification">Checking your browser</div>',
    });
    for (const code of [200, 404, 503]) {
      const result = await checker.check(status(`/challenge-${code}`, code, challenge));
      expect(result.linkStatus, String(code)).toBe('access_denied');
      expect(result.errorMessage).toMatch(/bot wall/);
    }
    const byHeader = await checker.check(
      status('/cf-header', 403, '<html></html>', { 'cf-mitigated': 'challenge' }),
    );
    expect(byHeader.errorMessage).toMatch(/Cloudflare/);
    const captcha = htmlPage({
      title: 'Amazon.com',
      body: '<form action="/errors/validateCaptcha"><p>Enter the characters you see below</p></form>',
    });
    expect((await checker.check(status('/captcha', 200, captcha))).linkStatus).toBe('access_denied');
  });

  it('a product page with a captcha widget elsewhere (a review form) is judged as a product page', async () => {
    const page = htmlPage({
      head: productJsonLd(instock),
      body: '<main><h1>Dress</h1><form><div class="g-recaptcha"></div></form></main>',
    });
    expect((await checker.check(status('/product-with-captcha-form', 200, page))).linkStatus).toBe('active');
  });

  it("a product page with no structured data that loads a bot manager's script is judged by what it shows", async () => {
    const page = htmlPage({
      head: '<script src="https://js.captcha-delivery.com/tags.js"></script>',
      body: '<main><h1>Dress</h1><span class="price">$49.00</span><p class="stock">In stock</p></main>',
    });
    expect(await checker.check(status('/product-with-bot-manager', 200, page))).toMatchObject({
      linkStatus: 'active',
      price: 49,
    });
  });

  it('404: 404 and 410', async () => {
    expect(await checker.check(status('/gone-404', 404))).toMatchObject({
      linkStatus: '404',
      httpStatus: 404,
    });
    const gone = await checker.check(status('/gone-410', 410));
    expect(gone).toMatchObject({ linkStatus: '404', httpStatus: 410 });
    expect(gone.confidence).toBeGreaterThan(0.9);
  });

  it('server_error: any 5xx', async () => {
    for (const code of [500, 502, 503]) {
      expect((await checker.check(status(`/broken-${code}`, code))).linkStatus, String(code)).toBe(
        'server_error',
      );
    }
  });

  it('unknown: 429 (with its Retry-After), a non-HTML answer, an empty body, another 4xx', async () => {
    const limited = await checker.check(status('/limited', 429, 'slow down', { 'retry-after': '120' }));
    expect(limited).toMatchObject({ linkStatus: 'unknown', httpStatus: 429, retryAfterSeconds: 120 });
    const pdf = await checker.check(
      status('/manual.pdf', 200, '%PDF-1.7', { 'content-type': 'application/pdf' }),
    );
    expect(pdf).toMatchObject({ linkStatus: 'unknown', errorMessage: 'Not an HTML page (application/pdf)' });
    expect((await checker.check(status('/empty', 200, ''))).linkStatus).toBe('unknown');
    expect((await checker.check(status('/teapot', 418))).linkStatus).toBe('unknown');
  });

  it('a 503 with Retry-After in HTTP-date form gives the seconds to wait', async () => {
    const later = new Date(Date.now() + 90_000).toUTCString();
    const result = await checker.check(status('/maintenance', 503, 'maintenance', { 'retry-after': later }));
    expect(result.linkStatus).toBe('server_error');
    expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(85);
    expect(result.retryAfterSeconds).toBeLessThanOrEqual(91);
  });

  it('product_removed: a soft 404 served with 200', async () => {
    const page = htmlPage({
      title: "Sorry, we can't find that page",
      body: `${siteHeader}<main><h1>Page not found</h1></main>`,
    });
    expect((await checker.check(status('/soft-404', 200, page))).linkStatus).toBe('product_removed');
  });

  it('product_removed: a page saying the item is no longer available, in several languages', async () => {
    for (const [path, words] of [
      ['/gone-en', 'This item is no longer available.'],
      ['/gone-fr', "Ce produit n'est plus disponible."],
      ['/gone-de', 'Dieser Artikel ist nicht mehr verfügbar.'],
    ]) {
      const page = htmlPage({ title: 'Silk Dress', body: `<main><h1>Silk Dress</h1><p>${words}</p></main>` });
      expect((await checker.check(status(path!, 200, page))).linkStatus, path).toBe('product_removed');
    }
  });

  it('product_removed: an offer marked Discontinued', async () => {
    const result = await checker.check(
      status(
        '/discontinued',
        200,
        productPage({ ...instock, availability: 'https://schema.org/Discontinued' }),
      ),
    );
    expect(result).toMatchObject({ linkStatus: 'product_removed', stockStatus: 'discontinued' });
  });

  it('product_removed: a product link that redirects to the home page, a search page or a category', async () => {
    farm.page(SHOP, '/', listingPage('Shop Test - Home'));
    farm.page(SHOP, '/search', listingPage('Search results'));
    farm.page(SHOP, '/c/dresses', listingPage('Dresses'));
    for (const [from, to] of [
      ['/p/retired-1', '/'],
      ['/p/retired-2', '/search?q=silk+dress'],
      ['/p/retired-3', '/c/dresses'],
    ]) {
      farm.on(SHOP, from!, (_request, response) => void response.writeHead(301, { location: to }).end());
      const result = await checker.check(farm.url(SHOP, from!));
      expect(result.linkStatus, from).toBe('product_removed');
      expect(result.redirectChain).toHaveLength(1);
    }
  });

  it('product_removed: a category page served at the product URL without a redirect', async () => {
    const result = await checker.check(status('/p/now-a-category', 200, listingPage('New In: Dresses')));
    expect(result).toMatchObject({ linkStatus: 'product_removed', redirectChain: [] });
  });

  it('active: any offer can be bought online (InStock, LimitedAvailability, PreOrder, BackOrder)', async () => {
    const cases = [
      ['InStock', 'in_stock'],
      ['https://schema.org/LimitedAvailability', 'limited'],
      ['http://schema.org/PreOrder', 'preorder'],
      ['BackOrder', 'backorder'],
    ];
    for (const [availability, stock] of cases) {
      const result = await checker.check(
        status(`/active-${stock}`, 200, productPage({ ...instock, availability })),
      );
      expect(result, availability).toMatchObject({
        linkStatus: 'active',
        stockStatus: stock,
        price: 89,
        currency: 'USD',
      });
    }
  });

  it('sold_out: a product page where no offer can be bought online', async () => {
    for (const [availability, stock] of [
      ['https://schema.org/OutOfStock', 'out_of_stock'],
      ['SoldOut', 'out_of_stock'],
      ['InStoreOnly', 'in_store_only'],
    ]) {
      const result = await checker.check(
        status(`/sold-${availability}`, 200, productPage({ ...instock, availability })),
      );
      expect(result, availability).toMatchObject({ linkStatus: 'sold_out', stockStatus: stock });
    }
  });

  it('unknown: a page with no product and nothing else to go by', async () => {
    const page = htmlPage({ title: 'About us', body: '<main><h1>Our story</h1><p>Since 1999.</p></main>' });
    expect((await checker.check(status('/about', 200, page))).linkStatus).toBe('unknown');
  });

  it('a product page whose own product is gone is product_removed even with in-stock recommendations', async () => {
    const page = htmlPage({
      title: 'Silk Dress',
      head: '<meta property="og:type" content="website">',
      body: `${siteHeader}<main><h1>Silk Dress</h1><p class="notice">Sorry, this item is no longer available.</p>${inStockRecommendations}</main>`,
    });
    const result = await checker.check(status('/gone-with-recs', 200, page));
    expect(result.linkStatus).toBe('product_removed');
    expect(result.price).toBeNull();
  });

  it('a sold-out product page stays sold_out whatever its recommendations say', async () => {
    const page = htmlPage({
      head: productJsonLd({ ...instock, availability: 'OutOfStock', price: '120.00' }),
      body: `<main><h1>Silk Dress</h1><button disabled>Sold out</button>${inStockRecommendations}</main>`,
    });
    expect(await checker.check(status('/sold-with-recs', 200, page))).toMatchObject({
      linkStatus: 'sold_out',
      price: 120,
    });
  });

  it('names the retailer from og:site_name, else from its registrable domain', async () => {
    const named = await checker.check(
      status(
        '/named',
        200,
        htmlPage({
          head: `<meta property="og:site_name" content="Shop Test Boutique">${productJsonLd(instock)}`,
        }),
      ),
    );
    expect(named).toMatchObject({ retailer: 'Shop Test Boutique', retailerDomain: 'shop.test' });
    const unnamed = await checker.check(status('/unnamed', 200, productPage(instock)));
    expect(unnamed).toMatchObject({ retailer: 'Shop', retailerDomain: 'shop.test' });
  });
});
