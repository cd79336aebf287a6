import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSocialApi {
  baseUrl: string;
  /** Every request that reached it, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
}

/**
 * A stand-in for the social publishing (Late) API on 127.0.0.1 that accepts every post, so that a
 * publish the catalog should have refused shows up as a 200 instead of hiding behind a 502.
 */
export async function startFakeSocialApi(): Promise<FakeSocialApi> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ post: { _id: 'fake_post', status: 'published' }, accounts: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
