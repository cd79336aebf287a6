import { ErrorBody, PublicCleaningRuleListAnswer } from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listActiveRules } from '../../modules/rules/rules.service.ts';

/** Rules change rarely and every storefront page reads them: a minute of caching is harmless. */
const CACHE_CONTROL = 'public, max-age=60';

/** link-health-and-routes.md §7 public URL-rule read: active rules without admin notes, no token. */
const publicRulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.linkValidation;
  app.get(
    '/api/url-cleaning-rules',
    {
      schema: {
        operationId: 'listActiveUrlCleaningRules',
        summary: 'The active URL-cleaning rules',
        response: { 200: PublicCleaningRuleListAnswer, 503: ErrorBody },
      },
    },
    async (_request, reply) => {
      const rules = await listActiveRules(ctx.rules);
      void reply.header('cache-control', CACHE_CONTROL);
      return { rules };
    },
  );
};

export default publicRulesRoutes;
