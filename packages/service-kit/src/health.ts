import type { FastifyInstance } from 'fastify';

/** A readiness check resolves when its dependency answers, and rejects (or times out) otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: ReadinessCheck): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/** /healthz: the process is alive. /readyz: every dependency (PostgreSQL, Redis) answers. */
export function installHealthRoutes(app: FastifyInstance, checks: Record<string, ReadinessCheck>): void {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (request, reply) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!)));
    const results: Record<string, 'ok' | 'failing'> = {};
    outcomes.forEach((outcome, i) => {
      results[names[i]!] = outcome.status === 'fulfilled' ? 'ok' : 'failing';
      if (outcome.status === 'rejected')
        request.log.warn({ check: names[i], err: outcome.reason }, 'not ready');
    });
    const ready = outcomes.every((o) => o.status === 'fulfilled');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: results });
  });
}
