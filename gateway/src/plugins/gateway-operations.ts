import { BEARER_AUTH, BEARER_AUTH_SCHEME, RETRY_AFTER_HEADERS } from '@celebstyle/service-kit';
import { requiresAdminToken } from '../route-table.ts';
import type { OpenApiDocument } from './combined-openapi.ts';

/** What each tag of the combined reference groups: the gateway's own routes, then each service's. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  gateway: 'Answered by the gateway itself',
  catalog: 'Posts, celebrities, shows, search and images; the admin catalogue and the post import',
  accounts: 'Admin sign-in, sessions, admin accounts and the audit log',
  'newsletter-support': 'Newsletter subscriptions and support messages; the admin support inbox',
  'link-validation': 'Affiliate link health and URL-cleaning rules',
};

type Operation = {
  security?: unknown;
  responses?: Record<string, { headers?: Record<string, unknown>; [key: string]: unknown }>;
};

const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' };

/**
 * What the gateway adds to every operation it routes: the admin token it checks itself on the admin
 * API (route-table.ts, requiresAdminToken) as the bearer scheme, `security: []` on the others, and
 * the 429 of its global rate limit (rate-limit.ts: every route but health) with Retry-After.
 */
export function withGatewayRules(document: OpenApiDocument): OpenApiDocument {
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    paths[path] = Object.fromEntries(
      Object.entries(operations).map(([method, value]) => {
        const operation = value as Operation;
        const responses = { ...operation.responses };
        responses['429'] = {
          description: 'Too many requests: wait the Retry-After seconds, then try again',
          content: { 'application/json': { schema: ERROR_BODY_REF } },
          ...responses['429'],
          headers: { ...responses['429']?.headers, ...retryAfterHeaders() },
        };
        const security = requiresAdminToken(path) ? BEARER_AUTH : (operation.security ?? []);
        return [method, { ...operation, security, responses }];
      }),
    );
  }
  return {
    ...document,
    servers: [{ url: '/', description: 'The gateway answering this document' }],
    tags: (document.tags ?? []).map((tag) => ({ description: TAG_DESCRIPTIONS[tag.name], ...tag })),
    paths,
    components: {
      ...document.components,
      securitySchemes: { bearerAuth: BEARER_AUTH_SCHEME },
    },
  };
}

/** Retry-After as an OpenAPI response header (a header object holds its schema). */
function retryAfterHeaders(): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(RETRY_AFTER_HEADERS).map(([name, { description, ...schema }]) => [
      name,
      { description, schema },
    ]),
  );
}
