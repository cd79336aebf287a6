import type { Redis } from 'ioredis';

/**
 * A sliding-window limit on outbound calls shared by every worker process (a sorted set of call
 * times in Redis): at most `max` calls in any `windowMs`. TVmaze publishes 20 calls per 10 seconds
 * per address; a fixed window would allow twice that across a window boundary.
 */
const ACQUIRE = `
local key, now, window, max, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < max then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  return 0
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)`;

export interface CallRateLimiter {
  /** Resolves when a call may go out (waiting as long as the window asks). */
  acquire(): Promise<void>;
}

export function redisCallRateLimiter(
  redis: Redis,
  key: string,
  max: number,
  windowMs: number,
): CallRateLimiter {
  return {
    async acquire() {
      for (;;) {
        const wait = Number(
          await redis.eval(ACQUIRE, 1, key, Date.now(), windowMs, max, crypto.randomUUID()),
        );
        if (wait <= 0) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
}
