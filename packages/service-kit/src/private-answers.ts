import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

const API_PREFIX = '/api/';
const ADMIN_API_PREFIX = '/api/admin';
const NO_STORE = 'no-store';

function pathOf(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
}

/**
 * No browser, proxy or CDN keeps a copy of a private answer (tokens, profiles, accounts, support
 * requests, newsletter addresses): every API answer is `Cache-Control: no-store` unless its route
 * sets its own (the catalog's public reads do), and every answer under /api/admin is `no-store`
 * whatever its route or the service behind the gateway set.
 */
export function installPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (request.url.startsWith(API_PREFIX)) void reply.header('cache-control', NO_STORE);
    done();
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (pathOf(request.url).startsWith(ADMIN_API_PREFIX)) void reply.header('cache-control', NO_STORE);
    done(null, payload);
  });
}
