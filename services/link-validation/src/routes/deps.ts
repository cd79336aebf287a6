import type { AuthGuards } from '@celebstyle/service-kit';
import type { RulesDeps } from '../modules/rules/rules.service.ts';

/** What route plugins receive from app.ts (STYLE.md: thin routes over domain modules). */
export interface RouteDeps {
  rules: RulesDeps;
  guards: AuthGuards;
}
