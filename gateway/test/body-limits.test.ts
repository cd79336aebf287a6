import { AppError, createService, type ServiceInstance } from '@celebstyle/service-kit';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitFor } from '../src/route-table.ts';
import { buildTestGateway } from './helpers/build-gateway.ts';
import { startFakeUpstream, type FakeUpstream } from './helpers/fake-upstream.ts';

/** A body sent in chunks with no Content-Length, as a client streaming an upload does. */
const chunked = (totalBytes: number, chunkBytes = 64 * 1024) =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < totalBytes; sent += chunkBytes) yield Buffer.alloc(chunkBytes, 'a');
    })(),
  );

interface RawAnswer {
  status: number;
  body: string;
}

/**
 * A chunked upload as curl sends one over 1 MiB: `Expect: 100-continue`, the body only once the
 * server says 100 Continue.
 */
function chunkedWithExpect(url: string, totalBytes: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', expect: '100-continue' } },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.on('continue', () => {
      const pieces = chunked(totalBytes, 16 * 1024);
      pieces.on('end', () => outgoing.end());
      pieces.on('data', (piece: Buffer) => outgoing.write(piece));
    });
  });
}

/**
 * A body with its Content-Length, written whole at once, as a client that does not wait for
 * 100 Continue; settles once the answer is in and the request is done (written or failed).
 */
function declaredBody(url: string, totalBytes: number): Promise<RawAnswer & { sendError?: string }> {
  return new Promise((resolve, reject) => {
    let answer: RawAnswer | undefined;
    let sendError: string | undefined;
    const outgoing = http.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(totalBytes) },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => (answer = { status: response.statusCode ?? 0, body }));
      },
    );
    outgoing.on('error', (error) => (sendError = error.message));
    outgoing.on('close', () =>
      answer ? resolve({ ...answer, sendError }) : reject(new Error(`no answer: ${sendError}`)),
    );
    outgoing.end(Buffer.alloc(totalBytes, 'a'));
  });
}

describe('request body limits at the gateway', () => {
  let echo: FakeUpstream;
  let accounts: ServiceInstance;
  let accountsHits = 0;
  let searchService: ServiceInstance;
  let gateway: ServiceInstance;
  let base: string;

  beforeAll(async () => {
    echo = await startFakeUpstream('echo');
    // A real service (service-kit's 256 KiB default) standing in for accounts.
    accounts = createService({ name: 'accounts', logLevel: 'silent' });
    accounts.post('/api/admin/auth/login', async () => {
      accountsHits++;
      return { ok: true };
    });
    // A service that refuses a declared body before it is in (as Fastify does past a route's limit).
    searchService = createService({ name: 'catalog', logLevel: 'silent' });
    searchService.addHook('onRequest', async (request) => {
      if (Number(request.headers['content-length']) > 1024)
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    });
    searchService.post('/api/search', async () => ({ ok: true }));
    gateway = await buildTestGateway({
      upstreams: {
        accounts: await accounts.listen({ port: 0, host: '127.0.0.1' }),
        'newsletter-support': echo.url,
        catalog: await searchService.listen({ port: 0, host: '127.0.0.1' }),
      },
    });
    base = await gateway.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await gateway.close();
    await accounts.close();
    await searchService.close();
    await echo.close();
  });

  it('knows each route’s limit: the service’s own', () => {
    expect(bodyLimitFor('/api/admin/auth/login')).toBe(256 * 1024);
    expect(bodyLimitFor('/api/support')).toBe(64 * 1024);
    expect(bodyLimitFor('/api/newsletter/subscribe')).toBe(8 * 1024);
    expect(bodyLimitFor('/api/newsletter/unsubscribe/one-click/abc')).toBe(4096);
    expect(bodyLimitFor('/api/admin/posts/import')).toBe(64 * 1024 * 1024);
  });

  it('answers 413 to a declared oversize body before any service sees it', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await request(`${base}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'x'.repeat(300 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(await res.body.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(accountsHits).toBe(0);
  });

  it('answers 413 to a declared body far over the limit even while the caller is still sending it', async () => {
    // Megabytes past the socket buffers: had the gateway closed with them unread, the reset would
    // reach the caller as a broken pipe, and one that reads only after writing would lose the 413
    // (RFC 9112 section 9.6).
    for (let i = 0; i < 5; i++) {
      const answer = await declaredBody(`${base}/api/admin/auth/login`, 64 * 1024 * 1024);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
      expect(answer.sendError, 'the connection was not reset under the caller').toBeUndefined();
    }
    expect(accountsHits).toBe(0);
  });

  it('answers 413 to a chunked body once it passes the route’s limit, and the service never gets it whole', async () => {
    const before = echo.seen.length;
    for (let i = 0; i < 3; i++) {
      const res = await request(`${base}/api/support`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunked(20 * 1024 * 1024),
      }).catch((error: Error) => error);
      expect(res instanceof Error ? res.message : res.statusCode).toBe(413);
      if (!(res instanceof Error)) expect(await res.body.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    }
    expect(echo.seen.length).toBe(before);
  });

  it('answers 413 JSON to a chunked body over 1 MiB sent the way curl sends it (Expect: 100-continue)', async () => {
    for (const path of ['/api/support', '/api/search']) {
      const answer = await chunkedWithExpect(`${base}${path}`, 2 * 1024 * 1024);
      expect(answer.status, path).toBe(413);
      expect(JSON.parse(answer.body), path).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
    }
  });

  it('passes a body sent with Expect: 100-continue on to the service', async () => {
    const answer = await chunkedWithExpect(`${base}/api/support`, 32 * 1024);
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body) as { body: string }).body).toHaveLength(32 * 1024);
  });

  it('passes a chunked body within the limit on whole', async () => {
    const res = await request(`${base}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(32 * 1024, 4096),
    });
    expect(res.statusCode).toBe(200);
    expect(((await res.body.json()) as { body: string }).body).toHaveLength(32 * 1024);
  });

  it('passes a service’s early 413 on as 413, not 502', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await request(`${base}/api/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: 'x'.repeat(200 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      await res.body.dump();
    }
  });
});

describe('a refused body that keeps coming', () => {
  const LINGER_MS = 500;
  let gateway: ServiceInstance;
  let port: number;

  beforeAll(async () => {
    gateway = await buildTestGateway({ refusedBodyLingerMs: LINGER_MS });
    port = Number(new URL(await gateway.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(() => gateway.close());

  it('gets its 413, then its connection ends once the linger time has passed', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.on('error', () => undefined);
    const piece = Buffer.alloc(1024, 'a');
    let answer = '';
    let answeredAt = 0;
    const answered = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString();
        if (!answeredAt && answer.includes('\r\n\r\n{')) {
          answeredAt = Date.now();
          resolve();
        }
      }),
    );
    const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
    socket.write(
      'POST /api/admin/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${64 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(piece);
    // a slow client: a kilobyte every 50 ms, far from the 64 MiB it declared
    const drip = setInterval(() => socket.writable && socket.write(piece), 50);
    try {
      await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
      const closedAt = await closed;
      // kept open while the body came (a reset would lose the answer), ended once the linger passed
      expect(closedAt - answeredAt).toBeGreaterThanOrEqual(LINGER_MS - 50);
    } finally {
      clearInterval(drip);
      socket.destroy();
    }
  });
});
