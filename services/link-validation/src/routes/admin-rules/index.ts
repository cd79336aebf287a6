import {
  CleaningRuleAnswer,
  CleaningRuleBody,
  CleaningRuleBulkToggleAnswer,
  CleaningRuleBulkToggleBody,
  CleaningRuleDeleteAnswer,
  CleaningRuleIdParams,
  CleaningRuleListAnswer,
  CleaningRuleListQuery,
  CleaningRulePreviewAnswer,
  CleaningRulePreviewBody,
  CleaningRuleStats,
  CleaningRuleText,
  AdminErrorResponses,
  AdminWriteErrorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, guardAdminRoutes } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  bulkToggle,
  createRule,
  deleteRule,
  getStats,
  listAllRules,
  previewCleaning,
  updateRule,
} from '../../modules/rules/rules.service.ts';

const BASE = '/api/admin/url-cleaning-rules';

/** link-health-and-routes.md §2.4, §7: rule management, admin-only (§6). */
const adminRulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ctx = app.linkValidation;
  guardAdminRoutes(app, ctx.guards?.requireAdmin);

  app.get(
    BASE,
    {
      schema: {
        operationId: 'listUrlCleaningRules',
        summary: 'List URL-cleaning rules',
        querystring: CleaningRuleListQuery,
        response: { 200: CleaningRuleListAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => ({ rules: await listAllRules(ctx.rules, request.query.search) }),
  );

  app.get(
    `${BASE}/stats`,
    {
      schema: {
        operationId: 'getUrlCleaningRuleStats',
        summary: 'Count URL-cleaning rules',
        response: { 200: CleaningRuleStats, ...AdminErrorResponses },
      },
    },
    async () => getStats(ctx.rules),
  );

  app.post(
    BASE,
    {
      schema: {
        operationId: 'createUrlCleaningRule',
        summary: 'Create a URL-cleaning rule',
        body: CleaningRuleBody,
        response: { 201: CleaningRuleAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request, reply) => {
      const rule = await createRule(ctx.rules, request.body, auditActorOf(request));
      return reply.status(201).send({ rule });
    },
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        operationId: 'updateUrlCleaningRule',
        summary: 'Update a URL-cleaning rule',
        params: CleaningRuleIdParams,
        body: CleaningRuleBody,
        response: { 200: CleaningRuleAnswer, ...AdminWriteErrorResponses },
      },
    },
    async (request) => ({
      rule: await updateRule(ctx.rules, request.params.id, request.body, auditActorOf(request)),
    }),
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        operationId: 'deleteUrlCleaningRule',
        summary: 'Delete a URL-cleaning rule',
        params: CleaningRuleIdParams,
        response: { 200: CleaningRuleDeleteAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => {
      await deleteRule(ctx.rules, request.params.id, auditActorOf(request));
      return { success: true, message: CleaningRuleText.deleted };
    },
  );

  app.post(
    `${BASE}/bulk-toggle`,
    {
      schema: {
        operationId: 'bulkToggleUrlCleaningRules',
        summary: 'Turn URL-cleaning rules on or off',
        body: CleaningRuleBulkToggleBody,
        response: { 200: CleaningRuleBulkToggleAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => ({
      updated: await bulkToggle(ctx.rules, request.body.ruleIds, request.body.active, auditActorOf(request)),
    }),
  );

  app.post(
    `${BASE}/preview`,
    {
      schema: {
        operationId: 'previewUrlCleaning',
        summary: 'Preview how the rules clean a URL',
        body: CleaningRulePreviewBody,
        response: { 200: CleaningRulePreviewAnswer, ...AdminErrorResponses },
      },
    },
    async (request) => previewCleaning(ctx.rules, request.body.url, request.body.ruleId),
  );
};

export default adminRulesRoutes;
