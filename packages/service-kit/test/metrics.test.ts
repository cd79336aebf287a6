import { createPool, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, type TestRedis } from '@celebstyle/queue';
import { Type } from '@sinclair/typebox';
import { Queue } from 'bullmq';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prometheusSample as sample } from '../src/testing/prometheus-sample.ts';
import {
  createMetricsRegistry,
  createService,
  registerQueueGauges,
  startMetricsServer,
  type ServiceInstance,
} from '../src/index.ts';

let database: TestDatabase;
let testRedis: TestRedis;
let pool: pg.Pool;
let app: ServiceInstance;
const redis = () => createProducerConnection(testRedis.url);
let connection: ReturnType<typeof redis>;

beforeAll(async () => {
  database = await createTestDatabase('metrics');
  testRedis = await createTestRedis('metrics');
  pool = createPool({ connectionString: database.url, max: 3 });
  connection = redis();
  app = createService({
    name: 'things',
    logLevel: 'silent',
    metrics: { pool, redis: { cache: connection } },
  });
  app.get(
    '/api/things/:name',
    { schema: { params: Type.Object({ name: Type.String() }), response: { 200: Type.Object({}) } } },
    async (request, reply) => {
      if (request.params.name === 'broken') throw new Error('database on fire');
      if (request.params.name === 'slow') await new Promise((resolve) => setTimeout(resolve, 120));
      return reply.send({});
    },
  );
  await app.ready();
});

afterAll(async () => {
  await app.close();
  connection.disconnect();
  await pool.end();
  await database.drop();
  await testRedis.cleanup();
});

const scrape = async () => {
  const res = await app.inject({ url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe('GET /metrics of a service', () => {
  it('counts requests by route template and status, never by the requested URL', async () => {
    for (const name of ['anna', 'bob', 'broken']) await app.inject({ url: `/api/things/${name}` });
    await app.inject({ url: '/no/such/path/12345' });
    const text = await scrape();
    const route = { method: 'GET', route: '/api/things/:name' };
    expect(sample(text, 'http_requests_total', { ...route, status_code: '200' })).toBe(2);
    expect(sample(text, 'http_requests_total', { ...route, status_code: '500' })).toBe(1);
    expect(sample(text, 'http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(text).not.toContain('anna');
    expect(text).not.toContain('12345');
    expect(text).toMatch(/http_requests_total\{[^}]*service="things"/);
  });

  it('puts a slow answer in the right latency bucket', async () => {
    await app.inject({ url: '/api/things/slow' });
    const text = await scrape();
    const labels = { route: '/api/things/:name', status_code: '200' };
    // Two quick answers from the first test and the slow one: only the quick ones under 100 ms.
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '0.1' })).toBe(2);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...labels, le: '0.25' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', labels)).toBeGreaterThanOrEqual(0.12);
  });

  it('reports event-loop lag and the Node process', async () => {
    const text = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="things"\} [\d.e-]+$/m);
    expect(text).toMatch(/^process_cpu_seconds_total\{service="things"\} [\d.e-]+$/m);
  });

  it('reports the PostgreSQL pool as it is at each scrape', async () => {
    const held = await Promise.all([pool.connect(), pool.connect()]);
    let text = await scrape();
    expect(sample(text, 'db_pool_clients', { state: 'total' })).toBe(2);
    expect(sample(text, 'db_pool_clients', { state: 'idle' })).toBe(0);
    expect(sample(text, 'db_pool_max_clients', { service: 'things' })).toBe(3);
    held.forEach((client) => client.release());
    text = await scrape();
    expect(sample(text, 'db_pool_clients', { state: 'idle' })).toBe(2);
  });

  it('says whether each Redis connection is ready', async () => {
    await connection.ping();
    expect(sample(await scrape(), 'redis_connection_up', { connection: 'cache' })).toBe(1);
    const ended = new Promise((resolve) => connection.once('end', resolve));
    connection.disconnect();
    await ended;
    expect(sample(await scrape(), 'redis_connection_up', { connection: 'cache' })).toBe(0);
  });

  it('is answered on the service port unless the service serves it elsewhere', async () => {
    const gatewayLike = createService({ name: 'edge', logLevel: 'silent', metricsRoute: false });
    await gatewayLike.ready();
    expect((await gatewayLike.inject({ url: '/metrics' })).statusCode).toBe(404);
    await gatewayLike.close();
  });
});

describe('queue depth and the metrics server of a worker', () => {
  it('counts jobs by state in Redis at each scrape, served on a port of its own', async () => {
    const queueConnection = createProducerConnection(testRedis.url, { enableOfflineQueue: true });
    const queue = new Queue('things-to-do', { connection: queueConnection, prefix: testRedis.prefix });
    const registry = createMetricsRegistry('things-worker');
    registerQueueGauges(registry, [queue]);
    const server = await startMetricsServer(registry, { port: 0, host: '127.0.0.1' });
    try {
      await queue.add('now', {});
      await queue.add('now', {});
      await queue.add('later', {}, { delay: 60_000 });
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'bullmq_queue_jobs', { queue: 'things-to-do', state: 'waiting' })).toBe(2);
      expect(sample(text, 'bullmq_queue_jobs', { queue: 'things-to-do', state: 'delayed' })).toBe(1);
      expect(sample(text, 'bullmq_queue_jobs', { queue: 'things-to-do', state: 'active' })).toBe(0);
      // A worker's liveness probe: the process answers.
      const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
      await queue.close();
      queueConnection.disconnect();
    }
  });
});
