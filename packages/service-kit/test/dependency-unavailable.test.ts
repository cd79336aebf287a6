import { createProducerConnection } from '@celebstyle/queue';
import { connect, createServer, type Server } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createService } from '../src/index.ts';

const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a store that does not answer', () => {
  const busy = new pg.Pool({ connectionString: DATABASE_URL, max: 1, connectionTimeoutMillis: 200 });
  let unreachable: pg.Pool | undefined;
  const app = createService({ name: 'test', logLevel: 'silent' });
  app.get('/busy', async () => (await busy.query('select 1 as one')).rows[0]);
  app.get('/typo', async () => (await busy.query('selec 1')).rows[0]);
  app.get('/unreachable', async () => (await unreachable!.query('select 1 as one')).rows[0]);
  const sessions = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  sessions.on('error', () => undefined);
  app.get('/mid-transaction', async () => {
    const client = await sessions.connect();
    client.on('error', () => undefined);
    try {
      await client.query('begin');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      // what a fast shutdown does to every session: ended between two statements of the transaction
      const ended = new Promise((resolve) => client.once('error', resolve));
      await sessions.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      await client.query('select 1');
      return { committed: true };
    } finally {
      client.release(true);
    }
  });
  afterAll(async () => {
    await app.close();
    await busy.end();
    await sessions.end();
    await unreachable?.end();
  });

  it('answers 503 with Retry-After when every pooled connection stays busy past the wait', async () => {
    const held = await busy.connect();
    try {
      const res = await app.inject({ url: '/busy' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: 'SERVICE_UNAVAILABLE',
        message: 'Service temporarily unavailable',
      });
    } finally {
      held.release();
    }
    expect((await app.inject({ url: '/busy' })).json()).toEqual({ one: 1 });
  });

  it('answers 503 when PostgreSQL refuses the connection', async () => {
    unreachable = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres`,
      connectionTimeoutMillis: 1000,
    });
    const res = await app.inject({ url: '/unreachable' });
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('answers 503 when PostgreSQL ends the connection in the middle of a transaction (a fast shutdown)', async () => {
    const res = await app.inject({ url: '/mid-transaction' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).not.toContain('queryable');
  });

  it('answers 503 with Retry-After when Redis is down for a connection that fails fast', async () => {
    // A request path's connection has no offline queue: while Redis is away a command fails at once.
    const redis = createProducerConnection(`redis://127.0.0.1:${await closedPort()}`);
    redis.on('error', () => {});
    const withRedis = createService({ name: 'test', logLevel: 'silent' });
    withRedis.get('/cached', async () => ({ value: await redis.get('key') }));
    try {
      const res = await withRedis.inject({ url: '/cached' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      redis.disconnect();
      await withRedis.close();
    }
  });

  it('keeps a caller who hangs up mid-body a 400: the connection that failed is theirs, not a store', async () => {
    const answered: number[] = [];
    const upload = createService({ name: 'test', logLevel: 'silent' });
    let received!: () => void;
    const reading = new Promise<void>((resolve) => (received = resolve));
    upload.addHook('onRequest', async () => received());
    // The caller is gone when the answer is made: what it would have been is seen before it is sent.
    upload.addHook('onSend', async (_request, reply) => {
      answered.push(reply.statusCode);
    });
    upload.post('/upload', async () => ({ ok: true }));
    const address = await upload.listen({ port: 0, host: '127.0.0.1' });
    try {
      const socket = connect(Number(new URL(address).port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(
        'POST /upload HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":',
      );
      await reading;
      socket.destroy();
      await expect.poll(() => answered).toHaveLength(1);
      expect(answered).toEqual([400]);
    } finally {
      await upload.close();
    }
  });

  it('keeps a fault of our own a 500 without its message', async () => {
    const res = await app.inject({ url: '/typo' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('selec');
  });
});
