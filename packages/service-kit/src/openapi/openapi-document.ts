import swagger from '@fastify/swagger';
import { ErrorBody } from '@celebstyle/contracts';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { finishDocument } from './document-finish.ts';
import { BEARER_AUTH_SCHEME, documentedOperation } from './operation-docs.ts';

/** Where every service publishes its OpenAPI document (beside /healthz: not under /api, not proxied). */
export const OPENAPI_PATH = '/openapi.json';

type ResponseSchemas = Record<string, unknown>;

/**
 * Every route may answer the one error format: a 4xx for a bad request, a missing token or a
 * missing record, a 5xx when a dependency fails (errors.ts). A route that names no 4xx or 5xx of
 * its own is documented with the shared error body for the whole class.
 */
export function withSharedErrors(response: ResponseSchemas | undefined): ResponseSchemas {
  const declared = { ...response };
  const keys = Object.keys(declared);
  if (!keys.some((key) => key.startsWith('4'))) declared['4XX'] = ErrorBody;
  if (!keys.some((key) => key.startsWith('5'))) declared['5XX'] = ErrorBody;
  return declared;
}

/**
 * Collects the routes' TypeBox schemas into an OpenAPI 3.1 document (@fastify/swagger, which reads
 * routes as they are declared: service routes are declared in plugins registered after this) and
 * publishes it at /openapi.json. Operations are tagged with the service's name, so the gateway's
 * combined reference groups them by service; each names its security, its 429 where a rate limit
 * applies, and shared contracts schemas by reference (operation-docs.ts, document-finish.ts).
 */
export function installOpenApi(app: FastifyInstance, service: string): void {
  void app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `CelebStyle ${service}`, version: '1.0.0' },
      tags: [{ name: service }],
      components: { securitySchemes: { bearerAuth: { ...BEARER_AUTH_SCHEME } } },
    },
    // A shared schema (app.addSchema with an $id, such as contracts' AuditEntry) is a component
    // under its own name, so answers that use it read #/components/schemas/AuditEntry.
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? json.$id : `def-${i}`,
    },
    transform: ({ schema, url, route }) => {
      if (schema?.hide) return { schema, url };
      const response = withSharedErrors(schema?.response as ResponseSchemas | undefined);
      const documented: FastifySchema = documentedOperation(
        schema ?? {},
        route as RouteOptions | undefined,
        service,
        response,
      );
      return { schema: documented, url };
    },
    // Only an OpenAPI document is built here (the `openapi` option above), never a Swagger 2 one.
    transformObject: (built) =>
      finishDocument('openapiObject' in built ? built.openapiObject : built.swaggerObject),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true }, logLevel: 'warn' }, async () => app.swagger());
}
