import { answerTimeFor, bodyLimitFor } from '@celebstyle/contracts';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';

/**
 * Gives every route the limits of the one table the gateway reads too (contracts route-limits.ts):
 * its body limit, and for a slow route a socket that may stay quiet while it works (connectionTimeout
 * would otherwise close the gateway's connection before the answer). A body limit written on a
 * route instead would drift from the gateway's, so it is refused at start.
 */
export function applyRouteLimits(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const limit = bodyLimitFor(route.url);
    if (route.bodyLimit !== undefined && route.bodyLimit !== limit)
      throw new Error(`${route.url}: its body limit belongs in contracts' ROUTE_LIMITS, not on the route`);
    route.bodyLimit = limit;
    const answerWithinMs = answerTimeFor(route.url);
    if (answerWithinMs === undefined) return;
    const keepSocket: onRequestHookHandler = (request: FastifyRequest, _reply, done) => {
      // Injected requests (tests) have a socket without timers.
      const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
      if (typeof socket?.setTimeout === 'function') socket.setTimeout(answerWithinMs);
      done();
    };
    const own = route.onRequest;
    route.onRequest = [keepSocket, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
  });
}
