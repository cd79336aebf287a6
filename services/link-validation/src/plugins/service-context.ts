import type { AuthGuards } from '@celebstyle/service-kit';
import fp from 'fastify-plugin';
import type { CheckNowDeps } from '../modules/on-demand-checks/check-now.service.ts';
import type { CheckBacklogDeps } from '../modules/scheduling/check-backlog.ts';
import type { ResultsDeps } from '../modules/results/results.service.ts';
import type { RulesDeps } from '../modules/rules/rules.service.ts';

/** What routes need (docs/conventions.md, Service layout; thin routes over domain modules). */
export interface ServiceContext {
  rules: RulesDeps;
  /** Link health results, stats, export, status changes. */
  results: ResultsDeps;
  /** Link health over time (reads) and check-now requests (the check-now queue). */
  linkHealth: CheckNowDeps;
  /** The link-check backlog and the last sweep (the console's Dashboard). */
  backlog: CheckBacklogDeps;
  /** null when no public keys are configured: admin routes answer 503. */
  guards: AuthGuards | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    linkValidation: ServiceContext;
  }
}

export const serviceContextPlugin = fp<ServiceContext>(
  async (app, context) => {
    app.decorate('linkValidation', { ...context });
  },
  { name: 'link-validation-context' },
);
