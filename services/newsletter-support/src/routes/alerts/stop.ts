import { AlertMessageAnswer, ErrorBody } from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { isStopToken, stopAlerts } from '../../modules/alerts/alerts.service.ts';
import { ALERT_STOP_PATH, verifyAlertStop } from '../../modules/alerts/alert-tokens.ts';
import { answerPage, messagePage, stopConfirmPage, wantsHtml } from './alert-pages.ts';

const Params = Type.Object({ token: Type.String({ maxLength: 5000 }) });

/**
 * RFC 8058 one-click unsubscribe of alert e-mails (List-Unsubscribe), encapsulated so its any-type
 * body parser stays here: mail providers POST `List-Unsubscribe=One-Click` as a form, without
 * cookies; the signed token alone authorises it. A GET (a link scanner, a click in the e-mail)
 * never stops anything: it shows a page whose button POSTs.
 */
const alertStopRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.newsletterSupport;
  const siteUrl = () => ctx.alerts.mail.settings.siteUrl;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    `${ALERT_STOP_PATH}/:token`,
    {
      schema: {
        operationId: 'stopAlertsOneClick',
        summary: 'Stop an alert, or every alert of the address (RFC 8058 one-click POST)',
        params: Params,
        response: { 200: AlertMessageAnswer, 400: ErrorBody },
      },
    },
    async (request, reply) =>
      answerPage(request, reply, siteUrl(), 'Alerts', () => stopAlerts(ctx.alerts, request.params.token)),
  );

  app.get(
    `${ALERT_STOP_PATH}/:token`,
    {
      schema: {
        operationId: 'openAlertStopLink',
        summary: "The page of an e-mail's stop link: a button that stops the alert(s) by POST",
        params: Params,
        response: {
          200: Type.String({ description: 'An HTML page whose button stops the alert(s) by POST' }),
          400: Type.Union([
            Type.String({ description: 'An HTML page (Accept: text/html): the link is not genuine' }),
            ErrorBody,
          ]),
        },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const invalid = 'This unsubscribe link is not valid.';
      // a browser following the e-mail's link gets a page; any other caller the API's error format
      if (!isStopToken(ctx.alerts, token) && !wantsHtml(request)) throw badRequest(invalid);
      void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!isStopToken(ctx.alerts, token))
        return reply.code(400).send(messagePage(siteUrl(), 'Alerts', invalid));
      const stop = verifyAlertStop(ctx.alerts.mail.settings.signingSecret, token)!;
      const action = `${ALERT_STOP_PATH}/${token}`;
      return stopConfirmPage(siteUrl(), action, !('alertIds' in stop));
    },
  );
};

export default alertStopRoutes;
