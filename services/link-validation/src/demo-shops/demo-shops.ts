import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  challengePage,
  handOffPage,
  homePage,
  noLongerAvailablePage,
  productPage,
  softNotFoundPage,
  type MarkupFamily,
} from './demo-shop-pages.ts';

/**
 * The demo retailer farm of a development stack (`npm start`): the demo catalogue's affiliate links
 * point at these names, which the link-check worker reaches through a pin and nothing else does.
 * Each shop writes its product pages in its own markup family; each product's fate is fixed by a
 * hash of its address, so the picture is stable from one check to the next: about 60% in stock,
 * 12% sold out, and the rest removed, gone, blocked, failing, looping or slow.
 */
export const DEMO_SHOPS_DOMAIN = 'localhost';
export const DEMO_SHOPS_PORT = 3005;

const SHOPS: Record<string, { name: string; family: MarkupFamily }> = {
  nordstrom: { name: 'Nordstrom', family: 'json-ld' },
  saksfifthavenue: { name: 'Saks Fifth Avenue', family: 'microdata' },
  neimanmarcus: { name: 'Neiman Marcus', family: 'open-graph' },
  'net-a-porter': { name: 'NET-A-PORTER', family: 'json-ld-graph' },
  revolve: { name: 'REVOLVE', family: 'shopify' },
  shopbop: { name: 'Shopbop', family: 'next-data' },
  amazon: { name: 'Amazon.com', family: 'text' },
  farfetch: { name: 'FARFETCH', family: 'json-ld' },
  bloomingdales: { name: "Bloomingdale's", family: 'microdata' },
  mytheresa: { name: 'Mytheresa', family: 'json-ld-graph' },
  anthropologie: { name: 'Anthropologie', family: 'shopify' },
};

/** The demo host of a retailer: 'nordstrom' → 'www.nordstrom-demo.localhost' (its own registrable domain). */
export function demoShopHost(key: string): string {
  return `www.${key}-demo.${DEMO_SHOPS_DOMAIN}`;
}

/** Affiliate networks' demo hosts: they hand the visitor on to the shop named in their query. */
const NETWORKS: Record<string, 'http' | 'javascript'> = {
  [`go.skimresources-demo.${DEMO_SHOPS_DOMAIN}`]: 'http',
  [`click.linksynergy-demo.${DEMO_SHOPS_DOMAIN}`]: 'http',
  [`rstyle-demo.${DEMO_SHOPS_DOMAIN}`]: 'javascript',
};

export type Fate = 'in-stock' | 'sold-out' | 'removed' | 'gone' | 'blocked' | 'failing' | 'looping' | 'slow';

export function fateOf(path: string): Fate {
  const roll = hash(path) % 100;
  if (roll < 58) return 'in-stock';
  if (roll < 70) return 'sold-out';
  if (roll < 76) return 'removed';
  if (roll < 81) return 'gone';
  if (roll < 86) return 'blocked';
  if (roll < 89) return 'failing';
  if (roll < 91) return 'looping';
  return 'slow';
}

function hash(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body);
}

/** A product's stock and price set through the control route, by `host + path` (no trailing slash). */
const overrides = new Map<string, { inStock?: boolean; price?: number }>();

const productKey = (address: URL) => `${address.hostname}${address.pathname.replace(/\/+$/, '')}`;

/**
 * The farm's control route, for demos and tests (the farm listens on loopback only):
 * `POST /__control/product` with `{"url": "<product address>", "inStock": false, "price": 99}` sets
 * what that product's page says from now on (its fate becomes in stock or sold out); `DELETE
 * /__control/products` forgets every change.
 */
function handleControl(request: IncomingMessage, response: ServerResponse, path: string): void {
  const answer = (status: number, body: unknown): void => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  if (request.method === 'DELETE' && path === '/__control/products') {
    overrides.clear();
    return answer(200, { cleared: true });
  }
  if (request.method !== 'POST' || path !== '/__control/product')
    return answer(404, { error: 'unknown control' });
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => {
    body += chunk;
    if (body.length > 4096) request.destroy();
  });
  request.on('end', () => {
    try {
      const input = JSON.parse(body) as { url?: unknown; inStock?: unknown; price?: unknown };
      const address = new URL(String(input.url));
      const change: { inStock?: boolean; price?: number } = { ...overrides.get(productKey(address)) };
      if (input.inStock !== undefined) change.inStock = input.inStock === true;
      if (input.price !== undefined) {
        if (typeof input.price !== 'number' || !(input.price > 0)) throw new Error('price');
        change.price = input.price;
      }
      overrides.set(productKey(address), change);
      answer(200, { product: productKey(address), ...change });
    } catch {
      answer(400, { error: 'expected {"url": "http://…", "inStock"?: boolean, "price"?: positive number}' });
    }
  });
}

/** Answers one request of the farm (virtual hosts told apart by the Host header). */
export function handleDemoShopRequest(request: IncomingMessage, response: ServerResponse): void {
  const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
  const url = new URL(request.url ?? '/', `http://${host || 'localhost'}`);
  if (url.pathname === '/healthz') {
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  if (url.pathname.startsWith('/__control/')) return handleControl(request, response, url.pathname);

  const network = NETWORKS[host];
  if (network) {
    const target = url.searchParams.get('url') ?? url.searchParams.get('murl');
    if (!target) return send(response, 404, softNotFoundPage('Affiliate network'));
    if (network === 'javascript') return send(response, 200, handOffPage(target));
    response.writeHead(302, { location: target }).end();
    return;
  }

  const key = host.replace(/^www\./, '').replace(`-demo.${DEMO_SHOPS_DOMAIN}`, '');
  const shop = SHOPS[key];
  if (!shop) return send(response, 404, softNotFoundPage('Demo shops'));
  if (url.pathname === '/') return send(response, 200, homePage(shop.name));

  const product = {
    shop: shop.name,
    name: titleOf(url.pathname),
    price: 40 + (hash(`${host}${url.pathname}`) % 1900),
    inStock: true,
  };
  // The fate belongs to the product, whatever the trailing slash (the looping fate toggles it).
  const override = overrides.get(productKey(url));
  if (override) {
    const changed = { ...product, price: override.price ?? product.price, inStock: override.inStock ?? true };
    return send(response, 200, productPage(shop.family, changed));
  }
  switch (fateOf(`${host}${url.pathname.replace(/\/+$/, '')}`)) {
    case 'in-stock':
      return send(response, 200, productPage(shop.family, product));
    case 'sold-out':
      return send(response, 200, productPage(shop.family, { ...product, inStock: false }));
    case 'removed':
      if (hash(url.pathname) % 3 === 0) return send(response, 200, softNotFoundPage(shop.name));
      if (hash(url.pathname) % 3 === 1)
        return send(response, 200, noLongerAvailablePage(shop.name, product.name));
      response.writeHead(301, { location: '/' }).end();
      return;
    case 'gone':
      return send(response, 404, softNotFoundPage(shop.name));
    case 'blocked':
      return send(response, 403, challengePage(), { 'cf-mitigated': 'challenge' });
    case 'failing':
      return send(response, 503, '<html><body>Service Unavailable</body></html>');
    case 'looping':
      response
        .writeHead(302, {
          location: url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : `${url.pathname}/`,
        })
        .end();
      return;
    case 'slow':
      setTimeout(() => send(response, 200, productPage(shop.family, product)), 2_500);
  }
}

function titleOf(path: string): string {
  const words = (path.split('/').find((part) => part.includes('-')) ?? 'demo-product').split('-').slice(0, 6);
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}
