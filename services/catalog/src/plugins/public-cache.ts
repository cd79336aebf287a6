import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import { createHash } from 'node:crypto';

/**
 * Public answers are cacheable (README, Caching): a short max-age with stale-while-revalidate, and an
 * ETag computed from the body so a browser or CDN revalidating with If-None-Match gets a 304.
 *
 * Use in a route plugin (applies to every route of that plugin):
 *   app.addHook('onSend', publicCacheHook());
 * or on one route: `{ onSend: publicCacheHook({ maxAgeSeconds: 60 }) }`.
 */
export interface PublicCacheOptions {
  maxAgeSeconds?: number;
  staleWhileRevalidateSeconds?: number;
}

export const PUBLIC_MAX_AGE_SECONDS = 30;
export const PUBLIC_STALE_WHILE_REVALIDATE_SECONDS = 300;

export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when one of the If-None-Match entries names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

export function publicCacheHook(options: PublicCacheOptions = {}): onSendAsyncHookHandler<unknown> {
  const maxAge = options.maxAgeSeconds ?? PUBLIC_MAX_AGE_SECONDS;
  const swr = options.staleWhileRevalidateSeconds ?? PUBLIC_STALE_WHILE_REVALIDATE_SECONDS;
  const cacheControl = `public, max-age=${maxAge}, stale-while-revalidate=${swr}`;
  return async function publicCache(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    // Only successful GET answers are shared; errors must not be cached as if they were content.
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    // An answer sent from its cached bytes (serialized-answer.ts) already names its ETag.
    const known = reply.getHeader('etag');
    const etag = typeof known === 'string' ? known : etagOf(payload);
    void reply.header('cache-control', cacheControl);
    void reply.header('etag', etag);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      void reply.code(304);
      reply.removeHeader('content-length');
      reply.removeHeader('content-encoding');
      return '';
    }
    return payload;
  };
}
