import { AccountsMessage, ErrorCode } from '@celebstyle/contracts';
import { AppError, serviceUnavailable } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';

export interface LoginLimits {
  /** Sign-in attempts per username per window; a successful sign-in clears the count. */
  perUsername: number;
  /** Sign-in attempts per client address per window (shared offices sit behind one address). */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perUsername: 5, perAddress: 20, windowSeconds: 15 * 60 };

// Count and window in one round trip; the window starts at the first attempt (fixed window).
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

type RedisWithCount = Redis & { countAttempt(key: string, windowSeconds: number): Promise<[number, number]> };

/**
 * Brute-force protection for sign-in (issue 4 §4), kept in Redis so the limits hold across replicas.
 * Two independent limits on one route (per username and per address) and a reset on success are
 * why this is not @fastify/rate-limit, whose handlers share one "already ran" flag per request.
 */
export class LoginThrottle {
  private readonly redis: RedisWithCount;

  constructor(
    redis: Redis,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    /** QUEUE_PREFIX: stacks sharing one Redis keep their counts apart. */
    private readonly keyPrefix = 'celebstyle',
  ) {
    if (!('countAttempt' in redis))
      redis.defineCommand('countAttempt', { numberOfKeys: 1, lua: COUNT_SCRIPT });
    this.redis = redis as RedisWithCount;
  }

  /** Counts one attempt; throws 429 with Retry-After when either limit is exceeded. */
  async attempt(username: string, address: string): Promise<void> {
    const window = this.limits.windowSeconds;
    // Fail closed: without the counters there is no brute-force protection, so no sign-in either.
    const [byAddress, byUser] = await Promise.all([
      this.redis.countAttempt(this.addressKey(address), window),
      this.redis.countAttempt(this.usernameKey(username), window),
    ]).catch(() => {
      throw serviceUnavailable('Sign-in is temporarily unavailable, please try again shortly');
    });
    const retryAfter = Math.max(
      byAddress[0] > this.limits.perAddress ? byAddress[1] : 0,
      byUser[0] > this.limits.perUsername ? byUser[1] : 0,
    );
    if (retryAfter > 0) {
      throw new AppError(429, ErrorCode.tooManyRequests, AccountsMessage.tooManyAttempts, {
        'retry-after': String(retryAfter),
      });
    }
  }

  async succeeded(username: string): Promise<void> {
    await this.redis.del(this.usernameKey(username)).catch(() => undefined); // the count then just expires
  }

  private usernameKey(username: string): string {
    return `${this.keyPrefix}:accounts:login-attempts:user:${username.toLowerCase()}`;
  }

  private addressKey(address: string): string {
    return `${this.keyPrefix}:accounts:login-attempts:addr:${address}`;
  }
}
