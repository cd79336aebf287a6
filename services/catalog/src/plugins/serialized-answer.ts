import type { FastifyReply } from 'fastify';
import { etagOf } from './public-cache.ts';

interface Serialized {
  body: Buffer;
  etag: string;
}

/**
 * Sends an answer object as JSON, serializing it (with the route's response schema) and hashing its
 * ETag once per object rather than once per request. Cached answers come back from the aggregate
 * caches as the same object while they live (their in-process copy), so a hot page costs a lookup,
 * not a 40 KB serialization and a SHA-1 each time; a freshly computed answer is a new object and is
 * serialized anew. The bytes live exactly as long as the object (a WeakMap).
 *
 * One instance per route: the bytes depend on the route's response schema.
 *   const send = serializedAnswers();
 *   app.get(url, opts, async (request, reply) => send(reply, await compute()));
 * (returning the reply, as Fastify asks of an async handler that sends)
 */
export function serializedAnswers() {
  const bytesOf = new WeakMap<object, Serialized>();
  return function send(reply: FastifyReply, answer: object): FastifyReply {
    let serialized = bytesOf.get(answer);
    if (!serialized) {
      const body = Buffer.from(reply.serialize(answer) as string);
      serialized = { body, etag: etagOf(body) };
      bytesOf.set(answer, serialized);
    }
    return reply
      .header('etag', serialized.etag)
      .type('application/json; charset=utf-8')
      .send(serialized.body);
  };
}
