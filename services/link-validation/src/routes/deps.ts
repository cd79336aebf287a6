import type { AuthGuards } from '@celebstyle/service-kit';
import type { CheckNowDeps } from '../modules/check-now/check-now.service.ts';
import type { ResultsDeps } from '../modules/results/results.service.ts';
import type { RulesDeps } from '../modules/rules/rules.service.ts';

/** What route plugins receive from app.ts (docs/conventions.md: thin routes over domain modules). */
export interface RouteDeps {
  rules: RulesDeps;
  /** Link health results, stats, export, status changes. */
  results: ResultsDeps;
  /** Link health over time (reads) and check-now requests (the check-now queue). */
  linkHealth: CheckNowDeps;
  guards: AuthGuards;
}
