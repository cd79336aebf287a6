import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@celebstyle/contracts';
import { AppError } from '@celebstyle/service-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { PAGE_RENDER_HEADER } from '../modules/page-rendering/in-process-api.ts';

export interface RateLimitOptions {
  max: number;
  windowMs: number;
  /** Shared counters across gateway replicas; without it each replica counts in memory. */
  redis: Redis | null;
  keyPrefix: string;
  /** The secret of the server renderer's own API reads (page-rendering.ts), never limited. */
  renderToken?: string;
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** A generous global limit per client address; services add tighter ones (sign-in, forms). */
async function globalRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs,
    ...(options.redis ? { redis: options.redis, nameSpace: `${options.keyPrefix}:gateway-rate-limit:` } : {}),
    // A Redis hiccup must not take the site down: count nothing rather than refuse everyone.
    skipOnError: true,
    // a page render's API reads are part of the page request, which was counted already
    allowList: (request) =>
      HEALTH_PATHS.has(request.url) ||
      (options.renderToken !== undefined && request.headers[PAGE_RENDER_HEADER] === options.renderToken),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        ErrorCode.tooManyRequests,
        `Too many requests, please retry in ${Math.ceil(context.ttl / 1000)} seconds`,
      ),
  });
}

export default fp(globalRateLimit, { name: 'rate-limit' });
