import { AccountsMessage, ErrorCode } from '@celebstyle/contracts';
import { AppError, serviceUnavailable } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import { addressBucket } from './address-bucket.ts';

export interface LoginLimits {
  /** Failed sign-ins per username from one client address per window; a success clears it. */
  perUsername: number;
  /** Failed sign-ins per client address per window, whatever the username (password spraying). */
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

// A successful sign-in takes back the attempt it counted: it was not a failure.
const FORGIVE_SCRIPT = `
redis.call('DEL', KEYS[1])
local count = tonumber(redis.call('GET', KEYS[2]) or '0')
if count > 1 then redis.call('DECR', KEYS[2]) elseif count == 1 then redis.call('DEL', KEYS[2]) end
return 1`;

type RedisWithScripts = Redis & {
  countAttempt(key: string, windowSeconds: number): Promise<[number, number]>;
  forgiveAttempt(usernameKey: string, addressKey: string): Promise<number>;
};

/**
 * Brute-force protection for sign-in (OWASP Authentication Cheat Sheet, ASVS 6.3), kept in Redis
 * so the limits hold across replicas. Only failures count: each attempt is counted before the
 * password is checked (so parallel guesses cannot slip past the limit) and a success takes its
 * count back. The username limit is keyed together with the client address, so failures from
 * elsewhere never stop the admin from signing in from an address of their own: nobody can lock an
 * account out. The rule is written down in the service README (Sign-in limits).
 */
export class LoginThrottle {
  private readonly redis: RedisWithScripts;

  constructor(
    redis: Redis,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    /** QUEUE_PREFIX: stacks sharing one Redis keep their counts apart. */
    private readonly keyPrefix = 'celebstyle',
  ) {
    if (!('countAttempt' in redis)) {
      redis.defineCommand('countAttempt', { numberOfKeys: 1, lua: COUNT_SCRIPT });
      redis.defineCommand('forgiveAttempt', { numberOfKeys: 2, lua: FORGIVE_SCRIPT });
    }
    this.redis = redis as RedisWithScripts;
  }

  /** Counts one attempt; throws 429 with Retry-After when either limit is exceeded. */
  async attempt(username: string, address: string): Promise<void> {
    const window = this.limits.windowSeconds;
    // Fail closed: without the counters there is no brute-force protection, so no sign-in either.
    const [byAddress, byUser] = await Promise.all([
      this.redis.countAttempt(this.addressKey(address), window),
      this.redis.countAttempt(this.usernameKey(username, address), window),
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

  /** The password was right: this username's failures from this address are forgotten. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.redis
      .forgiveAttempt(this.usernameKey(username, address), this.addressKey(address))
      .catch(() => undefined); // the counts then just expire
  }

  private usernameKey(username: string, address: string): string {
    return `${this.keyPrefix}:accounts:login-failures:user:${addressBucket(address)}:${username.toLowerCase()}`;
  }

  private addressKey(address: string): string {
    return `${this.keyPrefix}:accounts:login-failures:addr:${addressBucket(address)}`;
  }
}
