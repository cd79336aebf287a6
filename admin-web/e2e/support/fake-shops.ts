import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake retailer farm on 127.0.0.1 for the link-check worker of a journey's stack: one server, a
 * few shops told apart by the Host header, each its own registrable domain (so the worker's
 * per-retailer limits never make them wait on one another). Product pages carry schema.org JSON-LD
 * as real shops write it (services/link-validation README, "Evidence and trust"); what a page
 * answers is set by the test and can change mid-journey.
 */
export type ShopAnswer = 'in-stock' | 'sold-out' | 'not-found' | 'removed';

export interface FakeShop {
  /** The shop's display name (og:site_name: the checker's retailer). */
  name: string;
  host: string;
}

export interface FakeShopFarm {
  readonly shops: Record<'vesper' | 'marlow' | 'odette', FakeShop>;
  /** http://127.0.0.1:{port}: a request that names no shop is answered 404. */
  readonly origin: string;
  /** LINK_CHECK_RESOLVE for the worker: each shop's host and the farm's port pinned to 127.0.0.1. */
  readonly pins: string;
  /** http://{shop host}:{port}{path} */
  url(shop: FakeShop, path: string): string;
  /** What `path` of `shop` answers from now on, whatever the query string. */
  answer(shop: FakeShop, path: string, answer: ShopAnswer): void;
  /** Requests received for `path` of `shop` so far. */
  hits(shop: FakeShop, path: string): number;
  close(): Promise<void>;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function productPage(shop: FakeShop, path: string, inStock: boolean): string {
  const name = path.split('/').pop()?.replace(/-/g, ' ') ?? 'Product';
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    offers: {
      '@type': 'Offer',
      price: '89.00',
      priceCurrency: 'USD',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  const button = inStock
    ? '<button class="add-to-cart">Add to bag</button>'
    : '<button class="add-to-cart" disabled>Sold out</button>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(name)} | ${escape(shop.name)}</title>
<meta property="og:site_name" content="${escape(shop.name)}"><script type="application/ld+json">${JSON.stringify(product)}</script></head>
<body><main><h1>${escape(name)}</h1><span class="price">$89.00</span>${button}</main></body></html>`;
}

const removedPage = (shop: FakeShop) =>
  `<!doctype html><html lang="en"><head><title>Silk piece | ${escape(shop.name)}</title></head><body><main><h1>Silk piece</h1><p>This item is no longer available.</p></main></body></html>`;
const notFoundPage = (shop: FakeShop) =>
  `<!doctype html><html lang="en"><head><title>Page not found | ${escape(shop.name)}</title></head><body><h1>Page not found</h1></body></html>`;

export async function startFakeShopFarm(): Promise<FakeShopFarm> {
  const shops = {
    vesper: { name: 'Vesper Boutique', host: 'www.vesper-shop.localhost' },
    marlow: { name: 'Marlow & Co', host: 'www.marlow-shop.localhost' },
    odette: { name: 'Odette Paris', host: 'www.odette-shop.localhost' },
  };
  const byHost = new Map(Object.values(shops).map((shop) => [shop.host, shop]));
  const answers = new Map<string, ShopAnswer>();
  const hits = new Map<string, number>();
  const key = (host: string, path: string) => `${host} ${path}`;

  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = new URL(request.url ?? '/', 'http://farm').pathname;
    hits.set(key(host, path), (hits.get(key(host, path)) ?? 0) + 1);
    const shop = byHost.get(host);
    const answer = shop ? answers.get(key(host, path)) : undefined;
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (!shop || !answer || answer === 'not-found') {
      response.writeHead(404, html).end(notFoundPage(shop ?? { name: 'Shops', host }));
    } else if (answer === 'removed') {
      response.writeHead(200, html).end(removedPage(shop));
    } else {
      response.writeHead(200, html).end(productPage(shop, path, answer === 'in-stock'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    shops,
    origin: `http://127.0.0.1:${port}`,
    pins: Object.values(shops)
      .map((shop) => `${shop.host}:${port}:127.0.0.1`)
      .join(','),
    url: (shop, path) => `http://${shop.host}:${port}${path}`,
    answer: (shop, path, answer) => void answers.set(key(shop.host, path), answer),
    hits: (shop, path) => hits.get(key(shop.host, path)) ?? 0,
    async close() {
      // the worker keeps connections open (pooled per origin): end them so close() returns
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
