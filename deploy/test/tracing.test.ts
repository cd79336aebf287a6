// One trace from a request at the gateway to the workers its write wakes: every process started
// as in production (their own entry points, OTEL_EXPORTER_OTLP_ENDPOINT set) and exporting to a
// loopback OTLP receiver.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@celebstyle/service-kit/testing';
import { startStack, type RunningStack } from '../src/start-stack.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver.ts';

const SERVER = 2;
const CONSUMER = 5;

describe('traces across gateway, service, queue and worker', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let receiver: OtlpReceiver;
  let stack: RunningStack;
  let dataDir: string;

  beforeAll(async () => {
    db = await createTestDatabase('tracing');
    redis = await createTestRedis('tracing');
    receiver = await startOtlpReceiver();
    dataDir = mkdtempSync(path.join(tmpdir(), 'tracing-'));
    stack = await startStack({
      port: 0,
      servicePorts: { catalog: 0, accounts: 0, 'link-validation': 0 },
      databaseUrl: db.url,
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      dataDir,
      build: false,
      seedPosts: 3,
      services: ['catalog', 'accounts', 'link-validation'],
      logLevel: 'warn',
      log: () => {},
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        // The request publishes its own post-changed event; the catalog worker's sweep stays away.
        POST_EVENTS_SWEEP_MS: '600000',
      },
    });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.close();
    await redis?.cleanup();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function adminToken(): Promise<string> {
    const login = await fetch(`${stack.url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: stack.admin.username, password: stack.admin.password }),
    });
    expect(login.status).toBe(200);
    return ((await login.json()) as { accessToken: string }).accessToken;
  }

  function spanWhere(match: (span: ReceivedSpan) => boolean): Promise<ReceivedSpan> {
    return waitFor(
      () => {
        const found = receiver.spans.find(match);
        if (found) return found;
        throw new Error(
          `no such span among ${receiver.spans.length}: ${[...new Set(receiver.spans.map((s) => `${s.service} ${s.name}`))].join(', ')}`,
        );
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  }

  it('gives the gateway request, the catalog write and the link-validation worker job one trace id', async () => {
    const authorization = `Bearer ${await adminToken()}`;
    const list = await fetch(`${stack.url}/api/admin/posts`, { headers: { authorization } });
    expect(list.status).toBe(200);
    const [post] = ((await list.json()) as { posts: { _id: string; status: string }[] }).posts;
    const action = post!.status === 'approved' ? 'hide' : 'approve';
    const write = await fetch(`${stack.url}/api/admin/posts/${post!._id}/${action}`, {
      method: 'PUT',
      headers: { authorization },
    });
    expect(write.status, await write.clone().text()).toBe(200);

    const pathOf = (span: ReceivedSpan) =>
      String(span.attributes['url.path'] ?? span.attributes['http.target']);
    const writePath = `/api/admin/posts/${post!._id}/${action}`;
    const gateway = await spanWhere(
      (span) => span.service === 'gateway' && span.kind === SERVER && pathOf(span).startsWith(writePath),
    );
    const catalog = await spanWhere(
      (span) => span.service === 'catalog' && span.kind === SERVER && span.traceId === gateway.traceId,
    );
    expect(pathOf(catalog)).toContain(writePath);
    const job = await spanWhere(
      (span) =>
        span.service === 'link-validation-worker' &&
        span.kind === CONSUMER &&
        span.name === 'post-events process' &&
        span.traceId === gateway.traceId,
    );
    expect(job.attributes['messaging.destination.name']).toBe('post-events');
    // The job span is a child within the trace, not a trace of its own.
    expect(job.parentSpanId).not.toBe('');
    // Probes and scrapes are not traced.
    expect(receiver.spans.filter((span) => /healthz|readyz|metrics/.test(pathOf(span)))).toEqual([]);
  });

  it("joins a job added by another job's work to that job's trace (the outbox sweep's events)", async () => {
    // The seeded posts' events were written before any process ran: the catalog worker's sweep
    // published them, inside its maintenance job's span.
    const projected = await spanWhere(
      (span) =>
        span.service === 'link-validation-worker' &&
        span.name === 'post-events process' &&
        receiver.spans.some(
          (sweep) =>
            sweep.service === 'catalog-worker' &&
            sweep.kind === CONSUMER &&
            sweep.name === 'catalog-maintenance process' &&
            sweep.spanId === span.parentSpanId,
        ),
    );
    expect(projected.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
