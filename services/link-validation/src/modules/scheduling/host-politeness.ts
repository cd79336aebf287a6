import type { Redis } from 'ioredis';

/** Per-retailer limits, shared by every worker process through Redis (README "Politeness"). */
export interface PolitenessSettings {
  /** Checks in flight at once per registrable domain. */
  maxInFlight: number;
  /** Least time between the starts of two checks of one domain. */
  minIntervalMs: number;
  /** A slot whose holder died is free again after this long. */
  leaseMs: number;
}

export const DEFAULT_POLITENESS: PolitenessSettings = {
  maxInFlight: 2,
  minIntervalMs: 1_000,
  leaseMs: 60_000,
};

/**
 * KEYS: in-flight set (token → lease end), next-start time, pause-until time.
 * ARGV: (unused), maxInFlight, minIntervalMs, leaseMs, token.
 * Returns 0 when the slot is taken, else the milliseconds to wait before asking again. Times are
 * Redis's own clock, so workers on machines whose clocks differ still agree.
 */
const REDIS_NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const ACQUIRE = `
${REDIS_NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local pausedUntil = tonumber(redis.call('GET', KEYS[3]) or '0')
if pausedUntil > now then return pausedUntil - now end
local nextStart = tonumber(redis.call('GET', KEYS[2]) or '0')
if nextStart > now then return nextStart - now end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  -- Full: nobody knows when a check ends (a lease is only an upper bound), so ask again soon.
  return 250

end

redis.call('ZADD', KEYS[1], now + tonumber(ARGV[4]), ARGV[5])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[4]))
if tonumber(ARGV[3]) > 0 then
  redis.call('SET', KEYS[2], now + tonumber(ARGV[3]), 'PX', tonumber(ARGV[3]))
end
return 0
`;

/** Sets pause-until to now + ARGV[1] ms, never shortening a longer pause another worker set. */
const PAUSE = `
${REDIS_NOW}
local untilTime = now + tonumber(ARGV[1])
if tonumber(redis.call('GET', KEYS[1]) or '0') < untilTime then
  redis.call('SET', KEYS[1], untilTime, 'PX', tonumber(ARGV[1]))
end
return 0
`;

export interface HostPoliteness {
  /** 0 when a slot for the domain was taken under `token`, else how long to wait (ms). */
  acquire(domain: string, token: string): Promise<number>;
  release(domain: string, token: string): Promise<void>;
  /** Holds every check of the domain back (a 429 or 503 with Retry-After). */
  pause(domain: string, ms: number): Promise<void>;
}

export function createHostPoliteness(
  redis: Redis,
  prefix: string,
  settings: PolitenessSettings,
): HostPoliteness {
  // EVALSHA of scripts loaded once (ioredis defineCommand), not the script's text on every call.
  const scripts = redis as Redis & {
    lvHostAcquire(...args: (string | number)[]): Promise<number>;
    lvHostPause(...args: (string | number)[]): Promise<number>;
  };
  if (!('lvHostAcquire' in redis)) {
    redis.defineCommand('lvHostAcquire', { numberOfKeys: 3, lua: ACQUIRE });
    redis.defineCommand('lvHostPause', { numberOfKeys: 1, lua: PAUSE });
  }
  const keys = (domain: string) => {
    const base = `${prefix}:link-host:{${domain}}`;
    return [`${base}:in-flight`, `${base}:next-start`, `${base}:paused-until`] as const;
  };
  return {
    async acquire(domain, token) {
      const [inFlight, nextStart, pausedUntil] = keys(domain);
      const wait = await scripts.lvHostAcquire(
        inFlight,
        nextStart,
        pausedUntil,
        0,
        settings.maxInFlight,
        settings.minIntervalMs,
        settings.leaseMs,
        token,
      );
      return Number(wait);
    },
    async release(domain, token) {
      await redis.zrem(keys(domain)[0], token);
    },
    async pause(domain, ms) {
      if (ms <= 0) return;
      await scripts.lvHostPause(keys(domain)[2], Math.round(ms));
    },
  };
}
