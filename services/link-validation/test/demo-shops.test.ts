import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoShopHost, fateOf, handleDemoShopRequest, type Fate } from '../src/demo-shops/demo-shops.ts';
import { parsePins } from '../src/modules/link-check-engine/host-pins.ts';
import { createLinkChecker, type LinkChecker } from '../src/modules/link-check-engine/link-checker.ts';
import type { LinkStatus } from '../src/modules/link-check-engine/link-check-result.ts';
import { testResolver } from './helpers/fake-retailer.ts';

const SHOPS = [
  'nordstrom',
  'saksfifthavenue',
  'neimanmarcus',
  'net-a-porter',
  'revolve',
  'shopbop',
  'amazon',
  'farfetch',
  'bloomingdales',
  'mytheresa',
  'anthropologie',
];
const EXPECTED: Record<Fate, LinkStatus> = {
  'in-stock': 'active',
  'sold-out': 'sold_out',
  removed: 'product_removed',
  gone: '404',
  blocked: 'access_denied',
  failing: 'server_error',
  looping: 'redirect_error',
  slow: 'active',
};

let server: http.Server;
let port: number;
let checker: LinkChecker;

/** The first product path of a shop whose fate is `fate`. */
function pathWithFate(host: string, fate: Fate): string {
  for (let index = 0; ; index += 1) {
    const path = `/p/silk-midi-dress-${index}`;
    if (fateOf(`${host}${path}`) === fate) return path;
  }
}

beforeAll(async () => {
  server = http.createServer(handleDemoShopRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  checker = createLinkChecker({
    pins: parsePins(`*.localhost:${port}:127.0.0.1`),
    resolve: testResolver(),
    pinnedOnly: true,
    timeoutMs: 10_000,
  });
});
afterAll(async () => {
  await checker.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the demo shops (npm start farm)', () => {
  it.each(SHOPS)(
    '%s: every fate of a product is judged as intended in its markup family',
    { timeout: 30_000 },
    async (shop) => {
      const host = demoShopHost(shop);
      const fates = (Object.keys(EXPECTED) as Fate[]).filter((fate) => fate !== 'slow');
      const results = await Promise.all(
        fates.map((fate) => checker.check(`http://${host}:${port}${pathWithFate(host, fate)}`)),
      );
      expect(Object.fromEntries(results.map((result, index) => [fates[index], result.linkStatus]))).toEqual(
        Object.fromEntries(fates.map((fate) => [fate, EXPECTED[fate]])),
      );
      const active = results[0]!;
      expect(active.price).toBeGreaterThan(0);
      expect(active.currency).toBe('USD');
      expect(active.retailerDomain).toBe(`${shop}-demo.localhost`);
    },
  );

  it('flips a product between sold out and in stock and changes its price through the control route', async () => {
    const host = demoShopHost('nordstrom');
    const product = `http://${host}:${port}${pathWithFate(host, 'sold-out')}`;
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    try {
      expect((await checker.check(product)).linkStatus).toBe('sold_out');
      const restocked = await control('POST', '/__control/product', {
        url: product,
        inStock: true,
        price: 123,
      });
      expect(restocked.status).toBe(200);
      expect(await checker.check(product)).toMatchObject({ linkStatus: 'active', price: 123 });
      await control('POST', '/__control/product', { url: product, inStock: false });
      expect(await checker.check(product)).toMatchObject({ linkStatus: 'sold_out', price: 123 });
      expect((await control('POST', '/__control/product', { url: product, price: -1 })).status).toBe(400);
    } finally {
      await control('DELETE', '/__control/products');
    }
    expect((await checker.check(product)).linkStatus).toBe('sold_out');
  });

  it('hands a visitor on through the affiliate networks, by redirect or by script', async () => {
    const host = demoShopHost('revolve');
    const target = `http://${host}:${port}${pathWithFate(host, 'in-stock')}`;
    for (const network of ['go.skimresources-demo.localhost', 'rstyle-demo.localhost']) {
      const result = await checker.check(`http://${network}:${port}/?id=1&url=${encodeURIComponent(target)}`);
      expect(result, network).toMatchObject({ linkStatus: 'active', finalUrl: target, retailer: 'REVOLVE' });
    }
  });
});
