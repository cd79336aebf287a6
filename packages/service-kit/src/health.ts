import type { FastifyInstance } from 'fastify';

/** A readiness check resolves when its dependency answers, and rejects (or times out) otherwise. */
export type ReadinessCheck = () => Promise<unknown>;

/** The longest /readyz waits for one dependency; a probe's timeout must be longer (deploy/k8s). */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

function withTimeout(check: ReadinessCheck): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_CHECK_TIMEOUT_MS);
  });
  return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
}

/**
 * /healthz: the process is alive. /readyz: 200 while every `required` dependency answers, 503
 * otherwise. `reported` dependencies are shown (status `degraded` when one fails) but never fail
 * readiness: a dependency every pod shares and the service can serve without (Redis, for each
 * service here) would otherwise take every pod out of rotation at once, and turn a degraded
 * service into no service.
 */
export function installHealthRoutes(
  app: FastifyInstance,
  required: Record<string, ReadinessCheck>,
  reported: Record<string, ReadinessCheck> = {},
): void {
  const checks = { ...reported, ...required };
  app.get('/healthz', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const names = Object.keys(checks);
    const outcomes = await Promise.allSettled(names.map((name) => withTimeout(checks[name]!)));
    const results: Record<string, 'ok' | 'failing'> = {};
    outcomes.forEach((outcome, i) => {
      results[names[i]!] = outcome.status === 'fulfilled' ? 'ok' : 'failing';
      if (outcome.status === 'rejected')
        request.log.warn({ check: names[i], err: outcome.reason }, 'dependency failing');
    });
    const ready = Object.keys(required).every((name) => results[name] === 'ok');
    const allOk = Object.values(results).every((result) => result === 'ok');
    const status = !ready ? 'not ready' : allOk ? 'ready' : 'degraded';
    const ordered = Object.fromEntries(
      Object.keys(results)
        .sort()
        .map((name) => [name, results[name]]),
    );
    return reply.status(ready ? 200 : 503).send({ status, checks: ordered });
  });
}
