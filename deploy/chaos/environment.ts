import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../src/free-port.ts';
import { embeddedPostgres, type EmbeddedPostgresServer } from '../src/postgres.ts';
import { redisServer, type RedisServer } from '../src/redis.ts';
import { startStack, type RunningStack } from '../src/start-stack.ts';
import { SmtpSink } from './smtp-sink.ts';

/** Everything the suite runs, all on loopback, all its own: nothing shared with other tests. */
export interface ChaosEnvironment {
  stack: RunningStack;
  postgres: EmbeddedPostgresServer;
  redis: RedisServer;
  smtp: SmtpSink;
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
}

export interface EnvironmentOptions {
  seedPosts: number;
  log: (line: string) => void;
  /** Lines of the stack's processes (kept for a failure's report). */
  processLog: (line: string) => void;
}

/** Cleans up in reverse order whatever was started, once, even after a failed start. */
export class Cleanup {
  private readonly steps: Array<() => Promise<unknown>> = [];
  private done: Promise<void> | undefined;

  add(step: () => Promise<unknown>): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.done ??= (async () => {
      for (const step of this.steps.reverse()) await step().catch(() => undefined);
    })();
    return this.done;
  }
}

/** A stand-in for TVmaze on loopback that knows no show, so the catalog worker never calls out. */
async function fakeTvmaze(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"name":"Not Found","status":404}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/**
 * Its own embedded PostgreSQL and redis-server (AOF persistence, as production runs Redis: root
 * README, Redis in production) on free ports in a temporary folder, a counting SMTP server, and the
 * whole stack on them with the demo retailer farm, a small seed and settings that keep recovery
 * within the suite's few minutes (deploy/README.md, Fault-injection suite).
 */
export async function startChaosEnvironment(
  options: EnvironmentOptions,
  cleanup: Cleanup,
): Promise<ChaosEnvironment> {
  const dir = await mkdtemp(path.join(tmpdir(), 'celebstyle-chaos-'));
  cleanup.add(() => rm(dir, { recursive: true, force: true }));

  const databaseUrl = `postgres://postgres@127.0.0.1:${await freePort()}/chaos`;
  const postgres = await embeddedPostgres(databaseUrl, path.join(dir, 'postgres'), options.log);
  cleanup.add(() => postgres.stop());
  await postgres.start();

  const redisPort = await freePort();
  const redis = redisServer(redisPort, path.join(dir, 'redis'), [
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--maxmemory-policy',
    'noeviction',
    '--save',
    '',
  ]);
  cleanup.add(() => redis.stop());
  await redis.start();
  const redisUrl = `redis://127.0.0.1:${redisPort}`;

  const smtp = new SmtpSink(150);
  await smtp.start();
  cleanup.add(() => smtp.stop());
  const tvmaze = await fakeTvmaze();
  cleanup.add(() => new Promise((resolve) => tvmaze.close(resolve)));

  const queuePrefix = `chaos-${process.pid}`;
  const stack = await startStack({
    port: 0,
    servicePorts: { catalog: 0, accounts: 0, 'newsletter-support': 0, 'link-validation': 0 },
    databaseUrl,
    redisUrl,
    queuePrefix,
    dataDir: path.join(dir, 'data'),
    seedPosts: options.seedPosts,
    build: false,
    demoShops: true,
    logLevel: 'warn',
    log: options.processLog,
    env: {
      SMTP_URL: smtp.url,
      TVMAZE_BASE_URL: `http://127.0.0.1:${(tvmaze.address() as AddressInfo).port}`,
      // The load generator names its clients in X-Forwarded-For (one address per sign-up and support
      // request, so the per-address limits of newsletter-support do not refuse the steady load).
      TRUST_PROXY: '1',
      RATE_LIMIT_MAX: '1000000',
      // Crashed jobs come back sooner than in production, so recovery fits in the suite's minutes.
      LINK_CHECK_LOCK_MS: '10000',
      EMAIL_SEND_LEASE_MS: '20000',
      VIEW_FLUSH_INTERVAL_MS: '1000',
      POST_EVENTS_SWEEP_MS: '1000',
    },
  });
  cleanup.add(() => stack.stop());
  return { stack, postgres, redis, smtp, databaseUrl, redisUrl, queuePrefix };
}
