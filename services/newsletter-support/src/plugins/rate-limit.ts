import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@celebstyle/contracts';
import { AppError } from '@celebstyle/service-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

export interface RateLimitPluginOptions {
  redis: Redis;
  /** Key prefix of this deployment (QUEUE_PREFIX), so test runs and deployments never share counters. */
  prefix: string;
}

/**
 * Per-client-address limits against abuse (README, Rules), counted in Redis so every replica shares
 * them. Off by default; the public write routes turn it on with `config.rateLimit`. While Redis is
 * down the limit is skipped rather than turning the forms off (the outbox and honeypot still apply).
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, options: RateLimitPluginOptions) {
    await app.register(rateLimit, {
      global: false,
      redis: options.redis,
      nameSpace: `${options.prefix}:newsletter-support:rate-limit:`,
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          429,
          ErrorCode.tooManyRequests,
          `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 60_000))} minute(s).`,
          { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
        ),
    });
  },
  { name: 'rate-limit', fastify: '5.x' },
);
