import {
  ErrorBody,
  NewsletterConfirmAnswer,
  NewsletterSubscribeAnswer,
  NewsletterSubscribeBody,
  NewsletterUnsubscribeAnswer,
  NewsletterUnsubscribeBody,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { confirm, subscribe, unsubscribe } from '../../modules/newsletter/newsletter.service.ts';
import oneClickRoutes from './one-click.ts';

/** storefront.md §7 newsletter calls. */
const newsletterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.newsletterSupport;
  app.post(
    '/api/newsletter/subscribe',
    {
      config: { rateLimit: ctx.limits.subscribe },
      schema: {
        operationId: 'subscribeToNewsletter',
        summary: 'Subscribe to the newsletter',
        body: NewsletterSubscribeBody,
        response: { 200: NewsletterSubscribeAnswer, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => subscribe(ctx.newsletter, request.body),
  );

  app.get(
    '/api/newsletter/confirm/:token',
    {
      schema: {
        operationId: 'confirmNewsletterSubscription',
        summary: 'Confirm a newsletter subscription',
        params: Type.Object({ token: Type.String({ maxLength: 200 }) }),
        response: { 200: NewsletterConfirmAnswer, 400: ErrorBody, 410: ErrorBody },
      },
    },
    async (request) => confirm(ctx.newsletter, request.params.token),
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      config: { rateLimit: ctx.limits.subscribe },
      schema: {
        operationId: 'unsubscribeFromNewsletter',
        summary: 'Unsubscribe from the newsletter',
        body: NewsletterUnsubscribeBody,
        response: { 200: NewsletterUnsubscribeAnswer, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => unsubscribe(ctx.newsletter, request.body.email),
  );

  await app.register(oneClickRoutes);
};

export default newsletterRoutes;
