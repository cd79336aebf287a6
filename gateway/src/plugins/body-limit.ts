import { bodyLimitFor, ErrorCode } from '@celebstyle/contracts';
import { AppError, errorBody } from '@celebstyle/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Readable, Transform, type TransformCallback } from 'node:stream';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when a streamed body passed its route's limit on its way through the gateway. */
    bodyTooLarge: boolean;
  }
  interface FastifyInstance {
    /** How long the rest of a refused body may keep arriving after the answer. */
    refusedBodyLingerMs: number;
  }
}

export interface BodyLimitOptions {
  /** How long the rest of a refused body may keep arriving after the answer (default nginx's lingering_time, 30 s). */
  lingerMs?: number;
}

const tooLarge = (maxBytes: number) =>
  new AppError(413, ErrorCode.payloadTooLarge, `Request body is larger than ${maxBytes} bytes`);

const DEFAULT_LINGER_MS = 30_000;

/**
 * A refused body is usually still on its way. Closing the connection with its bytes unread would
 * reset it, and a caller that reads only once it has finished writing would lose the 413 to a
 * broken pipe (RFC 9112 section 9.6). So the connection stays open: once the answer is sent, the
 * rest of the body is read and discarded, and a body still arriving the linger time later ends it.
 */
function discardRestOfBody(request: FastifyRequest, reply: FastifyReply): void {
  const lingerMs = request.server.refusedBodyLingerMs;
  reply.raw.once('finish', () => {
    const incoming = request.raw;
    if (incoming.complete || incoming.destroyed) return;
    const timer = setTimeout(() => incoming.destroy(), lingerMs);
    timer.unref();
    incoming.once('close', () => clearTimeout(timer));
    incoming.once('end', () => clearTimeout(timer));
    incoming.resume();
  });
}

/** Passes a streamed body on, and fails it at the first byte past the limit. */
function limitedStream(source: Readable, maxBytes: number, onExceeded: () => void): Readable {
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) {
        onExceeded();
        source.unpipe(limited);
        done(tooLarge(maxBytes));
        return;
      }
      done(null, chunk);
    },
  });
  source.on('error', (error) => limited.destroy(error));
  return source.pipe(limited);
}

/**
 * The proxy streams bodies through without parsing them, so Fastify's bodyLimit never sees them.
 * Each route's limit (contracts' bodyLimitFor: the table the services read too) is enforced here:
 * a declared Content-Length over it answers 413 before any service is involved, and a chunked body
 * is cut at the first byte past it and answered 413 (upstream-proxy.ts reads bodyTooLarge), so the
 * service never answers 413 half-way through an upload that would reach the client as 502.
 * Nothing is buffered here, so a route may take more than the gateway's own parsed bodies.
 */
async function bodyLimit(app: FastifyInstance, options: BodyLimitOptions): Promise<void> {
  app.decorateRequest('bodyTooLarge', false);
  app.decorate('refusedBodyLingerMs', options.lingerMs ?? DEFAULT_LINGER_MS);
  const limitOf = (request: FastifyRequest) => bodyLimitFor(request.url.split('?', 1)[0] ?? '/');

  app.addHook('onRequest', async (request, reply) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    const maxBytes = limitOf(request);
    if (declared <= maxBytes) return;
    discardRestOfBody(request, reply);
    throw tooLarge(maxBytes);
  });
  app.addHook('preHandler', async (request) => {
    if (!(request.body instanceof Readable)) return;
    request.body = limitedStream(request.body, limitOf(request), () => {
      request.bodyTooLarge = true;
    });
  });
}

/** The answer to a request whose streamed body was cut (called where the proxy reports its failure). */
export function answerBodyTooLarge(request: FastifyRequest, reply: FastifyReply): void {
  const maxBytes = bodyLimitFor(request.url.split('?', 1)[0] ?? '/');
  discardRestOfBody(request, reply);
  void reply
    .status(413)
    .send(errorBody(413, ErrorCode.payloadTooLarge, `Request body is larger than ${maxBytes} bytes`));
}

export default fp(bodyLimit, { name: 'body-limit' });
