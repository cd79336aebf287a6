import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the product page says now: in stock or sold out, at a price in dollars. */
export interface ShopOffer {
  inStock: boolean;
  price: number;
}

export interface FakeShop {
  /** The retailer's name (og:site_name: the link checker's retailer). */
  readonly name: string;
  /** LINK_CHECK_RESOLVE for the link-check worker: the shop's host and port pinned to 127.0.0.1. */
  readonly pins: string;
  /** http://127.0.0.1:{port}, which names no shop (TVMAZE_BASE_URL: every lookup is a 404). */
  readonly origin: string;
  url(path: string): string;
  /** What `path` answers from now on (any query string); a path never set answers 404. */
  offer(path: string, offer: ShopOffer): void;
  /** Requests received for `path` so far. */
  hits(path: string): number;
  close(): Promise<void>;
}

function productPage(name: string, path: string, offer: ShopOffer): string {
  const title = path.split('/').pop()!.replace(/-/g, ' ');
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: title,
    offers: {
      '@type': 'Offer',
      price: offer.price.toFixed(2),
      priceCurrency: 'USD',
      availability: offer.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  const button = offer.inStock
    ? '<button class="add-to-cart">Add to bag</button>'
    : '<button class="add-to-cart" disabled>Sold out</button>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | ${name}</title>
<meta property="og:site_name" content="${name}"><script type="application/ld+json">${JSON.stringify(product)}</script></head>
<body><main><h1>${title}</h1><span class="price">$${offer.price.toFixed(2)}</span>${button}</main></body></html>`;
}

/**
 * One fake retailer on 127.0.0.1 (port 0) under a `*.localhost` name, whose product pages carry
 * schema.org JSON-LD as real shops write it; a test changes a product's stock and price mid-run.
 */
export async function startFakeShop(name: string, host: string): Promise<FakeShop> {
  const offers = new Map<string, ShopOffer>();
  const hits = new Map<string, number>();
  const server = http.createServer((request, response) => {
    const requestHost = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = new URL(request.url ?? '/', 'http://shop').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const offer = requestHost === host ? offers.get(path) : undefined;
    const html = { 'content-type': 'text/html; charset=utf-8' };
    if (!offer) response.writeHead(404, html).end('<!doctype html><title>Page not found</title>');
    else response.writeHead(200, html).end(productPage(name, path, offer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name,
    pins: `${host}:${port}:127.0.0.1`,
    origin: `http://127.0.0.1:${port}`,
    url: (path) => `http://${host}:${port}${path}`,
    offer: (path, offer) => void offers.set(path, offer),
    hits: (path) => hits.get(path) ?? 0,
    async close() {
      // the link-check worker keeps connections open: end them so close() returns
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
