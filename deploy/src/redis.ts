import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { Redis } from 'ioredis';
import type { LogSink } from './child-process.ts';

export interface RedisHandle {
  url: string;
  started: boolean;
  stop(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export async function redisAnswers(url: string, timeoutMs = 1_500): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** A redis-server child process that can be stopped and started again on the same data folder. */
export interface RedisServer {
  port: number;
  start(): Promise<void>;
  /** SIGTERM: Redis writes its data (RDB, or fsyncs its AOF) and exits; then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * `redis-server` from PATH on 127.0.0.1:`port`, its files in `dataDir`, with extra options
 * (e.g. `['--appendonly', 'yes']`). Not started yet: call start().
 */
export function redisServer(port: number, dataDir: string, options: string[]): RedisServer {
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  // If our process dies without stopping it, take redis-server down with it.
  const killOnExit = () => child?.kill('SIGTERM');
  return {
    port,
    async start() {
      mkdirSync(dataDir, { recursive: true });
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--dir', dataDir, ...options],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      child = started;
      exited = new Promise<void>((resolve) => started.on('exit', () => resolve()));
      process.once('exit', killOnExit);
      const deadline = Date.now() + 10_000;
      while (!(await redisAnswers(url, 500))) {
        if (started.exitCode !== null || Date.now() > deadline) {
          started.kill('SIGKILL');
          throw new Error(`redis-server did not start on port ${port}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Uses the Redis at `url` when one answers; otherwise starts `redis-server` from PATH (data in dataDir). */
export async function ensureRedis(url: string, dataDir: string, log: LogSink): Promise<RedisHandle> {
  if (await redisAnswers(url)) return { url, started: false, stop: async () => undefined };
  const parsed = new URL(url);
  if (!LOCAL_HOSTS.has(parsed.hostname))
    throw new Error(`No Redis answers at ${parsed.host}; start it or point REDIS_URL at one.`);
  if (!onPath('redis-server')) {
    throw new Error(
      `No Redis answers at ${parsed.host} and redis-server is not installed: apt-get install redis-server (Debian/Ubuntu) or brew install redis (macOS), or set REDIS_URL.`,
    );
  }
  const port = Number(parsed.port || 6379);
  log(
    `redis     | no Redis answers at ${parsed.host}: starting redis-server on port ${port} (data in ${dataDir})`,
  );
  const server = redisServer(port, dataDir, ['--save', '60 1', '--appendonly', 'no']);
  await server.start();
  return { url, started: true, stop: () => server.stop() };
}
