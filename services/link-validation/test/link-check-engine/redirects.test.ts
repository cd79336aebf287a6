import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkChecker, type LinkChecker } from '../../src/modules/link-check-engine/link-checker.ts';
import { startFakeRetailer, testResolver, type FakeRetailer } from '../helpers/fake-retailer.ts';
import { htmlPage, productJsonLd } from '../helpers/product-pages.ts';

const SHOP = 'shop.test';
const NETWORK = 'go.affiliate.test';
const TRACKER = 'track.affiliate.test';
let farm: FakeRetailer;
let checker: LinkChecker;

const product = htmlPage({
  head: productJsonLd({ price: '150.00', priceCurrency: 'USD', availability: 'InStock' }),
});

function redirect(
  host: string,
  path: string,
  location: string,
  code = 302,
  headers: Record<string, string> = {},
) {
  farm.on(host, path, (_request, response) => void response.writeHead(code, { location, ...headers }).end());
}

beforeAll(async () => {
  farm = await startFakeRetailer();
  checker = createLinkChecker({
    pins: farm.pins(SHOP, NETWORK, TRACKER),
    // 'localhost' and 'rebind.test' resolve to loopback as a hostile DNS answer would.
    resolve: testResolver({
      localhost: ['127.0.0.1'],
      'rebind.test': ['127.0.0.1'],
      'mixed.test': ['93.184.216.34', '127.0.0.1'],
    }),
    timeoutMs: 5_000,
  });
  farm.page(SHOP, '/p/dress', product);
});
afterAll(async () => {
  await checker.close();
  await farm.close();
});

describe('redirects', () => {
  it('follows a chain with relative Locations and records every hop', async () => {
    redirect(SHOP, '/a/start', '/a/b/next', 301);
    redirect(SHOP, '/a/b/next', '../c?from=b', 307);
    redirect(SHOP, '/a/c?from=b', 'http://shop.test:' + farm.port + '/p/dress', 308);
    const result = await checker.check(farm.url(SHOP, '/a/start'));
    expect(result).toMatchObject({
      linkStatus: 'active',
      httpStatus: 200,
      finalUrl: farm.url(SHOP, '/p/dress'),
    });
    expect(result.redirectChain).toEqual([
      { url: farm.url(SHOP, '/a/start'), status: 301, kind: 'http' },
      { url: farm.url(SHOP, '/a/b/next'), status: 307, kind: 'http' },
      { url: farm.url(SHOP, '/a/c?from=b'), status: 308, kind: 'http' },
    ]);
  });

  it('follows an affiliate network hand-off across hosts: 302, then a JavaScript redirect page', async () => {
    redirect(NETWORK, '/click?id=42', farm.url(TRACKER, '/r/42'));
    farm.page(
      TRACKER,
      '/r/42',
      `<html><head><title>Redirecting</title><script>window.location.href = "${farm.url(SHOP, '/p/dress').replaceAll('/', '\\/')}";</script></head><body>Taking you to the shop</body></html>`,
    );
    const result = await checker.check(farm.url(NETWORK, '/click?id=42'));
    expect(result).toMatchObject({
      linkStatus: 'active',
      retailerDomain: 'shop.test',
      finalUrl: farm.url(SHOP, '/p/dress'),
    });
    expect(result.redirectChain.map((hop) => hop.kind)).toEqual(['http', 'javascript']);
  });

  it('follows location.replace() with a string literal', async () => {
    farm.page(TRACKER, '/r/replace', `<script>location.replace('/p/dress')</script>`);
    redirect(TRACKER, '/p/dress', farm.url(SHOP, '/p/dress'));
    expect((await checker.check(farm.url(TRACKER, '/r/replace'))).linkStatus).toBe('active');
  });

  it('follows a meta refresh of at most 5 s, not a longer one', async () => {
    farm.page(
      SHOP,
      '/meta-now',
      '<html><head><meta http-equiv="refresh" content="0; URL=\'/p/dress\'"></head><body>Moved</body></html>',
    );
    const now = await checker.check(farm.url(SHOP, '/meta-now'));
    expect(now).toMatchObject({
      linkStatus: 'active',
      redirectChain: [{ url: farm.url(SHOP, '/meta-now'), status: 200, kind: 'meta-refresh' }],
    });
    farm.page(
      SHOP,
      '/meta-slow',
      '<html><head><title>Coat</title><meta http-equiv="refresh" content="30;url=/p/dress"></head><body>Promo</body></html>',
    );
    expect((await checker.check(farm.url(SHOP, '/meta-slow'))).redirectChain).toEqual([]);
  });

  it('keeps cookies for the check: a shop that sets a cookie and redirects to itself is not a loop', async () => {
    farm.on(SHOP, '/p/gated', (request, response) => {
      if ((request.headers.cookie ?? '').includes('geo=us')) {
        response.writeHead(200, { 'content-type': 'text/html' }).end(product);
      } else {
        response.writeHead(302, { location: '/p/gated', 'set-cookie': 'geo=us; Path=/; HttpOnly' }).end();
      }
    });
    const result = await checker.check(farm.url(SHOP, '/p/gated'));
    expect(result).toMatchObject({
      linkStatus: 'active',
      redirectChain: [{ url: farm.url(SHOP, '/p/gated'), status: 302, kind: 'http' }],
    });
  });

  it('does not carry cookies from one check to the next', async () => {
    const first = await checker.check(farm.url(SHOP, '/p/gated'));
    const second = await checker.check(farm.url(SHOP, '/p/gated'));
    expect(second.redirectChain).toHaveLength(first.redirectChain.length);
  });

  it('calls a loop a redirect_error', async () => {
    redirect(SHOP, '/loop/a', '/loop/b');
    redirect(SHOP, '/loop/b', '/loop/a');
    const result = await checker.check(farm.url(SHOP, '/loop/a'));
    expect(result).toMatchObject({
      linkStatus: 'redirect_error',
      errorMessage: `Redirect loop at ${farm.url(SHOP, '/loop/a')}`,
    });
  });

  it('follows 10 hops and refuses the 11th', async () => {
    for (let hop = 0; hop < 11; hop += 1) redirect(SHOP, `/hops/${hop}`, `/hops/${hop + 1}`);
    farm.page(SHOP, '/hops/10', product);
    const ten = await checker.check(farm.url(SHOP, '/hops/0'));
    expect(ten).toMatchObject({ linkStatus: 'active' });
    expect(ten.redirectChain).toHaveLength(10);
    farm.page(SHOP, '/hops/11', product);
    redirect(SHOP, '/hops/10', '/hops/11');
    const eleven = await checker.check(farm.url(SHOP, '/hops/0'));
    expect(eleven).toMatchObject({ linkStatus: 'redirect_error', errorMessage: 'More than 10 redirects' });
    expect(farm.requests).not.toContain('shop.test /hops/11');
  });

  it('refuses redirects to other schemes', async () => {
    for (const [path, location] of [
      ['/to-file', 'file:///etc/passwd'],
      ['/to-js', 'javascript:alert(1)'],
      ['/to-gopher', 'gopher://shop.test/1'],
    ]) {
      redirect(SHOP, path!, location!);
      expect((await checker.check(farm.url(SHOP, path!))).linkStatus, location).toBe('redirect_error');
    }
  });
});

describe('SSRF: redirects to non-public addresses are refused without connecting', () => {
  const loopbackForms = (port: number) => [
    `http://127.0.0.1:${port}`,
    `http://2130706433:${port}`,
    `http://0x7f000001:${port}`,
    `http://0x7f.0.0.1:${port}`,
    `http://0177.0.0.1:${port}`,
    `http://017700000001:${port}`,
    `http://127.1:${port}`,
    `http://127.000.000.001:${port}`,
    `http://[::ffff:127.0.0.1]:${port}`,
    `http://[::ffff:7f00:1]:${port}`,
    `http://[::1]:${port}`,
    `http://localhost:${port}`,
    `http://rebind.test:${port}`,
    `http://mixed.test:${port}`,
  ];

  it('on every numeric and named form of loopback, asserted at the fake server', async () => {
    for (const [index, origin] of loopbackForms(farm.port).entries()) {
      const secret = `/internal/secret-${index}`;
      redirect(SHOP, `/ssrf/${index}`, `${origin}${secret}`);
      const before = farm.connections();
      const result = await checker.check(farm.url(SHOP, `/ssrf/${index}`));
      expect(result.linkStatus, origin).toBe('redirect_error');
      expect(result.errorMessage, origin).toMatch(/non-public address/);
      expect(result.retailerDomain, origin).toBe('shop.test');
      expect(
        farm.requests.some((request) => request.endsWith(secret)),
        origin,
      ).toBe(false);
      // Only the shop's own connection (kept alive or new) was used: no connection to the target.
      expect(farm.connections() - before, origin).toBeLessThanOrEqual(1);
    }
  });

  it('calls the link itself invalid when it points at loopback, and never connects', async () => {
    const before = farm.connections();
    for (const origin of loopbackForms(farm.port)) {
      const result = await checker.check(`${origin}/internal/direct`);
      expect(result.linkStatus, origin).toBe('invalid');
    }
    expect(farm.connections()).toBe(before);
    expect(farm.requests.some((request) => request.endsWith('/internal/direct'))).toBe(false);
  });

  it('calls a redirect to a host that does not resolve a redirect_error', async () => {
    redirect(SHOP, '/to-nowhere', 'https://gone.nowhere.test/p/1');
    const result = await checker.check(farm.url(SHOP, '/to-nowhere'));
    expect(result).toMatchObject({
      linkStatus: 'redirect_error',
      httpStatus: 302,
      finalUrl: farm.url(SHOP, '/to-nowhere'),
    });
    expect(result.errorMessage).toMatch(/could not be resolved/);
  });
});
