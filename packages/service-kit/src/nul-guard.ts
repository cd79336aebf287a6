import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'Text may not contain NUL characters';

const ENCODED_NUL = /%00/;
/** Deeper than any body we accept; a deeper one is not walked further (its strings are not text we store). */
const MAX_DEPTH = 8;

function containsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a filter, a search term or a form field would fail
 * deep inside a query and answer 500. Every service refuses it at the door with 400 instead: in the
 * URL (path or query, where it can only arrive as %00) before routing, and in a JSON body before
 * validation. Synchronous hooks, so the hot read paths pay a regular expression, not a promise.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    done(ENCODED_NUL.test(request.url) ? badRequest(NUL_MESSAGE) : undefined);
  });
  app.addHook(
    'preValidation',
    (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      done(request.body !== undefined && containsNul(request.body, 0) ? badRequest(NUL_MESSAGE) : undefined);
    },
  );
}
