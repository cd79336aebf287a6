import { createService, type ServiceInstance } from '@celebstyle/service-kit';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestGateway } from './helpers/build-gateway.ts';

const errorShape = (statusCode: number, code: string) => ({
  statusCode,
  error: expect.any(String),
  message: expect.any(String),
  code,
});

/** Writes raw bytes to the gateway and reads everything it answers until it closes. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
    );
  });
}

describe('one error shape for what the gateway and Node refuse on their own', () => {
  let catalog: ServiceInstance;
  let gateway: ServiceInstance;
  let port = 0;

  beforeAll(async () => {
    catalog = createService({ name: 'catalog', logLevel: 'silent' });
    catalog.get('/api/posts/:slug', async (request) => request.params);
    gateway = await buildTestGateway({
      upstreams: { catalog: await catalog.listen({ port: 0, host: '127.0.0.1' }) },
    });
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    port = (gateway.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await gateway.close();
    await catalog.close();
  });

  it('answers a request line Node cannot parse with 400 JSON', async () => {
    const answer = await rawExchange(port, 'GET /api/posts HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(errorShape(400, 'BAD_REQUEST'));
  });

  it('answers a URL longer than Node takes with 431 JSON', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/posts/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(
      errorShape(431, 'HEADERS_TOO_LARGE'),
    );
  });

  it("passes a service's 414 for an over-long path parameter on in the same shape", async () => {
    const res = await gateway.inject({ url: `/api/posts/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual(errorShape(414, 'URI_TOO_LONG'));
  });
});
