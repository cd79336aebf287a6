import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeUpstream {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

export type FakeBehaviour = 'echo' | 'hang';

/**
 * A stand-in service on 127.0.0.1 (port 0): echoes what it got as JSON (over 4 KB, so the gateway
 * would compress it), or never answers.
 */
export async function startFakeUpstream(behaviour: FakeBehaviour = 'echo'): Promise<FakeUpstream> {
  const seen: SeenRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (behaviour === 'hang') return;
      const answer = JSON.stringify({ method: req.method, url: req.url, body, pad: 'x'.repeat(4096) });
      // Like the catalog's cached answers: already brotli-encoded when asked to (x-test-encode: br).
      if (req.headers['x-test-encode'] === 'br') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br' });
        res.end(brotliCompressSync(answer));
        return;
      }
      // A service that (wrongly) marks its answer cacheable: x-test-cache-control names the header.
      const cacheControl = req.headers['x-test-cache-control'];
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(typeof cacheControl === 'string' ? { 'cache-control': cacheControl } : {}),
      });
      res.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An address where nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
