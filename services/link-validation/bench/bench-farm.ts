/**
 * The benchmark's fake retailer, run as its own process so that its CPU is not counted as the
 * checker's. Every answer waits LATENCY_MS first, like a shop on the other side of the world,
 * except under /now/ (the ceiling's requests), answered at once. Prints its port on stdout, then
 * serves until killed. GET /connections answers how many connections it has accepted so far.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const LATENCY_MS = Number(process.env.LATENCY_MS ?? '50');

function productPage(bytes: number, id: string): string {
  const structured = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `Dress ${id}`,
    offers: {
      '@type': 'Offer',
      price: '129.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
  });
  const tile =
    '<div class="grid"><p class="copy">Crafted from silk with a relaxed fit. Dry clean only.</p><img src="/i.jpg" alt=""></div>\n';
  const filler = tile.repeat(Math.max(0, Math.ceil((bytes - 2_000) / tile.length)));
  return `<!doctype html><html><head><meta charset="utf-8"><title>Dress ${id}</title><meta property="og:site_name" content="Bench Shop"><script type="application/ld+json">${structured}</script></head><body><header><nav>Home</nav></header><main><h1>Dress ${id}</h1><span class="price">$129.00</span><button>Add to bag</button>${filler}</main></body></html>`;
}

const typical = productPage(Number(process.env.PAGE_BYTES ?? 150 * 1024), 'typical');
const huge = productPage(2.5 * 1024 * 1024, 'huge');

let connections = 0;
const server = http.createServer((request, response) => {
  const url = request.url ?? '';
  if (url === '/connections') {
    response.writeHead(200, { 'content-type': 'text/plain', connection: 'close' }).end(String(connections));
    return;
  }
  const answer = () => {
    const body = url.startsWith('/huge/') ? huge : typical;
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      })
      .end(body);
  };
  if (url.startsWith('/now/')) answer();
  else setTimeout(answer, LATENCY_MS);
});
server.on('connection', () => (connections += 1));
server.keepAliveTimeout = 10_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
