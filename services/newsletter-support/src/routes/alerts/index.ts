import {
  AlertMessageAnswer,
  AlertSubscribeAnswer,
  AlertSubscribeBody,
  ErrorBody,
} from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { confirmAlerts, subscribeAlert } from '../../modules/alerts/alerts.service.ts';
import { answerPage } from './alert-pages.ts';
import alertStopRoutes from './stop.ts';

const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/** Shopper alerts (README, Shopper alerts): subscribe, confirm, stop. */
const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.newsletterSupport;
  app.post(
    '/api/alerts',
    {
      config: { rateLimit: ctx.limits.subscribe },
      schema: {
        operationId: 'subscribeToAlert',
        summary: 'Ask for a back-in-stock or price-drop alert on a look or one of its items',
        body: AlertSubscribeBody,
        response: {
          200: AlertSubscribeAnswer,
          400: ErrorBody,
          404: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request) => subscribeAlert(ctx.alerts, request.body),
  );

  app.get(
    '/api/alerts/confirm/:token',
    {
      schema: {
        operationId: 'confirmAlerts',
        summary: "Confirm an address's alerts (the link of the double opt-in e-mail)",
        params: TokenParams,
        response: { 200: AlertMessageAnswer, 400: ErrorBody, 410: ErrorBody },
      },
    },
    async (request, reply) =>
      answerPage(request, reply, ctx.alerts.mail.settings.siteUrl, 'Confirm your alerts', () =>
        confirmAlerts(ctx.alerts, request.params.token),
      ),
  );

  await app.register(alertStopRoutes);
};

export default alertRoutes;
