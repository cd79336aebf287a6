import type { AuthGuards } from '@celebstyle/service-kit';
import type { ResultsDeps } from '../modules/results/results.service.ts';
import type { RulesDeps } from '../modules/rules/rules.service.ts';

/** What route plugins receive from app.ts (STYLE.md: thin routes over domain modules). */
export interface RouteDeps {
  rules: RulesDeps;
  /** Link health results, stats, export, status changes. */
  results: ResultsDeps;
  guards: AuthGuards;
}
