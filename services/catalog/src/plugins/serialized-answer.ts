import { acceptedEncoding, COMPRESS_MIN_BYTES, compressors, type Encoding } from '@celebstyle/service-kit';
import type { FastifyReply } from 'fastify';
import { etagOf } from './public-cache.ts';

interface Serialized {
  body: Buffer;
  etag: string;
  /** Compressed once, on the first request that accepts each encoding. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * Sends an answer object as JSON, serializing it (with the route's response schema), hashing its
 * ETag and compressing it once per object rather than once per request. Cached answers come back
 * from the aggregate caches as the same object while they live (their in-process copy), so a hot
 * page costs a lookup, not a 40 KB serialization, a SHA-1 and a brotli pass each time (the gateway
 * passes an answer that is already encoded through untouched); a freshly computed answer is a new
 * object and is serialized anew. The bytes live exactly as long as the object (a WeakMap).
 *
 * One instance per route: the bytes depend on the route's response schema.
 *   const send = serializedAnswers();
 *   app.get(url, opts, async (request, reply) => send(reply, await compute()));
 */
export function serializedAnswers() {
  const bytesOf = new WeakMap<object, Serialized>();
  return async function send(reply: FastifyReply, answer: object): Promise<FastifyReply> {
    let serialized = bytesOf.get(answer);
    if (!serialized) {
      const body = Buffer.from(reply.serialize(answer) as string);
      serialized = { body, etag: etagOf(body), encoded: {} };
      bytesOf.set(answer, serialized);
    }
    // The weak ETag names the content, whichever encoding carries it (RFC 9110 §8.8.1).
    void reply.header('etag', serialized.etag).header('vary', 'accept-encoding');
    void reply.type('application/json; charset=utf-8');
    const encoding =
      serialized.body.length >= COMPRESS_MIN_BYTES
        ? acceptedEncoding(reply.request.headers['accept-encoding'])
        : null;
    if (!encoding) return reply.send(serialized.body);
    const pending = (serialized.encoded[encoding] ??= compressors[encoding](serialized.body));
    try {
      const encoded = await pending;
      return reply.header('content-encoding', encoding).send(encoded);
    } catch (error) {
      // Never expected; the plain bytes are still a correct answer, and the next request retries.
      delete serialized.encoded[encoding];
      reply.log.warn({ err: error, encoding }, 'answer compression failed');
      return reply.send(serialized.body);
    }
  };
}
