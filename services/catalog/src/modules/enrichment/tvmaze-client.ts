import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { request } from 'undici';
import type { CallRateLimiter } from './call-rate-limiter.ts';

/** The parts of a TVmaze show (singlesearch with embedded cast) the catalog uses. */
export interface TvmazeShow {
  id: number;
  name: string;
  status: string | null;
  premiered: string | null;
  genres: string[];
  summary: string | null;
  network: { name: string } | null;
  webChannel: { name: string } | null;
  image: { medium: string | null; original: string | null } | null;
  _embedded?: {
    cast?: { person: { name: string; image: { medium: string | null; original: string | null } | null } }[];
  };
}

/** TVmaze answered 429: the caller waits `retryAfterMs` before any further call. */
export class TvmazeRateLimitedError extends Error {
  constructor(public readonly retryAfterMs: number) {
    super(`TVmaze rate limit reached; retry after ${retryAfterMs} ms`);
  }
}

export interface TvmazeClientOptions {
  baseUrl: string;
  redis: Redis;
  /** Key prefix of the answer cache. */
  cacheKeyPrefix: string;
  limiter: CallRateLimiter;
  /** How long a found show is cached (default a day) and a miss (default an hour). */
  cacheSeconds?: number;
  missCacheSeconds?: number;
  timeoutMs?: number;
}

export interface TvmazeClient {
  /** singlesearch/shows?q=…&embed=cast: the best match for a search term, or null. */
  findShow(searchTerm: string): Promise<TvmazeShow | null>;
}

/**
 * TVmaze's public API through undici, with every answer cached in Redis (a cached answer costs no
 * call) and every call taking a slot of the shared rate limiter first.
 */
export function tvmazeClient(options: TvmazeClientOptions): TvmazeClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async findShow(searchTerm) {
      const url = `${base}/singlesearch/shows?q=${encodeURIComponent(searchTerm)}&embed=cast`;
      const key = `${options.cacheKeyPrefix}:${createHash('sha256').update(url).digest('base64url').slice(0, 32)}`;
      const cached = await options.redis.get(key);
      if (cached !== null) return JSON.parse(cached) as TvmazeShow | null;

      await options.limiter.acquire();
      const answer = await request(url, {
        headersTimeout: options.timeoutMs ?? 15_000,
        bodyTimeout: options.timeoutMs ?? 15_000,
        headers: { accept: 'application/json' },
      });
      if (answer.statusCode === 429) {
        await answer.body.dump();
        const seconds = Number(answer.headers['retry-after']);
        throw new TvmazeRateLimitedError(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 10_000);
      }
      if (answer.statusCode === 404) {
        await answer.body.dump();
        await options.redis.set(key, 'null', 'EX', options.missCacheSeconds ?? 3600);
        return null;
      }
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        throw new Error(`TVmaze answered ${answer.statusCode} for a show search`);
      }
      const show = (await answer.body.json()) as TvmazeShow;
      await options.redis.set(key, JSON.stringify(show), 'EX', options.cacheSeconds ?? 86_400);
      return show;
    },
  };
}
