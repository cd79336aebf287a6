import { ErrorBody, NewsletterUnsubscribeAnswer } from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { emailOfUnsubscribeToken, unsubscribeOneClick } from '../../modules/newsletter/newsletter.service.ts';
import { ONE_CLICK_PATH } from '../../modules/newsletter/unsubscribe-link.ts';

const Params = Type.Object({ token: Type.String({ maxLength: 1000 }) });

/**
 * RFC 8058 one-click unsubscribe, the link in List-Unsubscribe. Encapsulated so its any-type body
 * parser stays here: mail providers POST `List-Unsubscribe=One-Click` as a form, without cookies
 * or credentials; the signed token alone authorises it.
 */
const oneClickRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.newsletterSupport;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.post(
    `${ONE_CLICK_PATH}/:token`,
    {
      schema: {
        operationId: 'unsubscribeOneClick',
        summary: 'One-click unsubscribe (RFC 8058)',
        params: Params,
        response: { 200: NewsletterUnsubscribeAnswer, 400: ErrorBody },
      },
    },
    async (request) => unsubscribeOneClick(ctx.newsletter, request.params.token),
  );

  // RFC 8058 §3.2: a GET (a link scanner, a prefetch, a click in the footer) must not unsubscribe.
  // It leads to the storefront's /unsubscribe page, which asks the API on load.
  const redirect = Type.Null({ description: "See Other: the storefront's /unsubscribe page (Location)" });
  app.get(
    `${ONE_CLICK_PATH}/:token`,
    {
      schema: {
        operationId: 'openUnsubscribeLink',
        summary: "Open an e-mail's unsubscribe link",
        params: Params,
        response: { 303: redirect },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const email = emailOfUnsubscribeToken(ctx.newsletter, token);
      const target = new URL('/unsubscribe', ctx.newsletter.mail.settings.siteUrl);
      if (email) target.searchParams.set('email', email);
      target.searchParams.set('token', token);
      return reply.redirect(target.toString(), 303);
    },
  );
};

export default oneClickRoutes;
