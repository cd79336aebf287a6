import { ErrorBody } from '@celebstyle/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The request body as the document shows it, where the route reads its body with parsers of
     * its own and so declares no `body` to validate (the post import's JSON array or NDJSON):
     * `{ description?, content: { [mediaType]: { schema } } }`. Documentation only.
     */
    documentedBody?: { description?: string; content: Record<string, { schema: unknown }> };
  }
}

/** The scheme every token-guarded operation names: an admin access token (a JWT) as a bearer token. */
export const BEARER_AUTH_SCHEME = {
  type: 'http',
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: 'An admin access token from POST /api/admin/auth/login or /api/admin/auth/refresh.',
} as const;

/** An operation's `security` when it needs that token. */
export const BEARER_AUTH: { bearerAuth: string[] }[] = [{ bearerAuth: [] }];

/** What a 429 answer carries besides the error body (@fastify/rate-limit and the sign-in throttle set it). */
export const RETRY_AFTER_HEADERS = {
  'retry-after': { type: 'integer', minimum: 0, description: 'Seconds to wait before trying again' },
};

type Schema = Record<string, unknown>;

/** Marks a wrapped shared schema with the component it stands for (document-finish.ts reads it). */
export const COMPONENT_MARK = 'x-component';

/**
 * A schema with an `$id` (a shared contracts schema) at the top of a body or answer is wrapped, so
 * @fastify/swagger hoists it into components as it does a nested one; the finished document then
 * reads a `$ref` to that component instead (document-finish.ts).
 */
function referable(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as Schema;
  if (typeof node.$id !== 'string') return schema;
  return { allOf: [node], [COMPONENT_MARK]: node.$id };
}

/** The documented 429: the one error body and its Retry-After header. */
export const tooManyRequestsResponse = () => ({
  description: 'Too many requests: wait the Retry-After seconds, then try again',
  headers: RETRY_AFTER_HEADERS,
  ...(referable(ErrorBody) as Schema),
});

/** What each answer means, where its route says nothing itself (Swagger UI and clients show it). */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  '200': 'Success',
  '201': 'Created',
  '202': 'Accepted: the work goes on in the background',
  '303': 'See other: the answer is at the Location header',
  '400': 'Bad request: the message says what is wrong',
  '401': 'No valid access token',
  '403': 'The token does not allow this',
  '404': 'Not found',
  '409': 'Conflict with the current state',
  '410': 'No longer valid',
  '413': 'The body is larger than this operation takes',
  '4XX': 'A client error, in the one error format',
  '502': 'An outside service failed',
  '503': 'A dependency is unavailable: retry later',
  '5XX': 'A server error, in the one error format',
};

/** @fastify/swagger's key for a response's description that stays out of its schema. */
const RESPONSE_DESCRIPTION = 'x-response-description';

function described(status: string, answer: unknown): unknown {
  const description = STATUS_DESCRIPTIONS[status];
  if (!description || !answer || typeof answer !== 'object' || 'description' in answer) return answer;
  return { ...(answer as Schema), [RESPONSE_DESCRIPTION]: description };
}

const hasRateLimit = (route: RouteOptions) => {
  const config = route.config as { rateLimit?: unknown } | undefined;
  return config?.rateLimit !== undefined && config.rateLimit !== false;
};

/**
 * The operation as documented: tagged with its service, `security: []` unless it needs a token,
 * a 429 with Retry-After where a rate limit applies (its route's `config.rateLimit`, or a 429 it
 * declares itself), shared schemas referred to, and a `documentedBody` shown as its request body.
 */
export function documentedOperation(
  schema: FastifySchema,
  route: RouteOptions | undefined,
  service: string,
  response: Schema,
): FastifySchema {
  const answers: Schema = {};
  for (const [status, answer] of Object.entries(response))
    answers[status] = described(status, referable(answer));
  if (answers['429'] !== undefined || (route && hasRateLimit(route)))
    answers['429'] = tooManyRequestsResponse();
  const documented: FastifySchema = {
    ...schema,
    tags: schema.tags ?? [service],
    security: schema.security ?? [],
    response: answers,
  };
  if (schema.body !== undefined) documented.body = referable(schema.body);
  if (schema.documentedBody) {
    // A body given by media type keeps no description of its own: the operation's holds it.
    const { description, content } = schema.documentedBody;
    documented.body = { content };
    if (description && !documented.description) documented.description = description;
    delete documented.documentedBody;
  }
  return documented;
}
