import type { AuthGuards } from '@celebstyle/service-kit';
import type { NewsletterDeps } from '../modules/newsletter/newsletter.service.ts';
import type { SupportDeps } from '../modules/support/support.service.ts';

/** What route plugins receive from app.ts (docs/conventions.md: thin routes over domain modules). */
export interface RouteDeps {
  newsletter: NewsletterDeps;
  support: SupportDeps;
  guards: AuthGuards;
  limits: PublicRateLimits;
}

export interface RateLimitRule {
  max: number;
  timeWindow: number;
}

export interface PublicRateLimits {
  subscribe: RateLimitRule;
  support: RateLimitRule;
}

/** Per client address: a person subscribes or writes a few times, a script hundreds. */
export const DEFAULT_RATE_LIMITS: PublicRateLimits = {
  subscribe: { max: 10, timeWindow: 15 * 60_000 },
  support: { max: 5, timeWindow: 60 * 60_000 },
};
