import http from 'node:http';
import { handleDemoShopRequest, DEMO_SHOPS_PORT } from './demo-shops/demo-shops.ts';

/**
 * The demo retailer farm of a development stack, on loopback only: `npm start` runs it and pins its
 * names for the link-check worker. Production has no farm.
 */
const port = Number(process.env.PORT ?? DEMO_SHOPS_PORT);
const host = process.env.HOST ?? '127.0.0.1';
if (!['127.0.0.1', '::1', 'localhost'].includes(host)) {
  console.error('demo-shops listens on loopback only (HOST must be 127.0.0.1, ::1 or localhost)');
  process.exit(2);
}
const server = http.createServer(handleDemoShopRequest);
server.listen(port, host, () => console.log(`demo shops on http://${host}:${port} (names *-demo.localhost)`));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
