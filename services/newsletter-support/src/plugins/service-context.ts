import type { AuthGuards } from '@celebstyle/service-kit';
import fp from 'fastify-plugin';
import type { AlertDeps } from '../modules/alerts/alerts.service.ts';
import type { NewsletterDeps } from '../modules/newsletter/newsletter.service.ts';
import type { SupportDeps } from '../modules/support/support.service.ts';
import type { PublicRateLimits } from '../routes/rate-limits.ts';

/**
 * What routes need (docs/conventions.md, Service layout; thin routes over domain modules): the
 * newsletter's and support's dependencies, the admin guards and the public rate limits.
 */
export interface ServiceContext {
  newsletter: NewsletterDeps;
  support: SupportDeps;
  /** Shopper alerts (back in stock, price drop). */
  alerts: AlertDeps;
  /** null when no public keys are configured: admin routes answer 503. */
  guards: AuthGuards | null;
  limits: PublicRateLimits;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletterSupport: ServiceContext;
  }
}

export const serviceContextPlugin = fp<ServiceContext>(
  async (app, context) => {
    app.decorate('newsletterSupport', { ...context });
  },
  { name: 'newsletter-support-context' },
);
