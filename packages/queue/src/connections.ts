import { Redis, type RedisOptions } from 'ioredis';

export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_QUEUE_PREFIX = 'celebstyle';

/** Reconnect with growing waits, capped, forever: a worker must come back when Redis does. */
const retryStrategy = (times: number) => Math.min(200 * 2 ** Math.min(times, 7), 20_000);

/**
 * Connection for code on a request path (queue producers, caches). BullMQ's production guide:
 * no offline queue, so a command fails at once while Redis is down and the route can answer 503
 * instead of hanging.
 */
export function createProducerConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in the same tick go out as one write: under load, the rate-limit counter and
    // cache lookups of many concurrent requests share a system call instead of one each.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    retryStrategy,
    ...options,
  });
}

/**
 * Connection for workers (blocking commands). BullMQ requires maxRetriesPerRequest: null, and the
 * offline queue stays on so a worker waits for Redis to come back instead of failing jobs.
 */
export function createWorkerConnection(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    retryStrategy,
    ...options,
  });
}

/**
 * Resolves once the connection is ready (or rejects after the timeout). A producer connection has no
 * offline queue, so a service awaits this at start-up before it takes traffic; if Redis stays down the
 * service still starts and its /readyz says so.
 */
export async function whenRedisReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      redis.off('ready', onReady);
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', onReady);
  });
}

/** Readiness check: resolves when Redis answers PING. */
export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`unexpected PING answer ${answer}`);
}
