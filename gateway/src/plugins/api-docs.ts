import swaggerUi from '@fastify/swagger-ui';
import { OPENAPI_PATH, type AuthGuards } from '@celebstyle/service-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UPSTREAM_NAMES, type UpstreamName } from '../route-table.ts';
import { combineDocuments, withoutAdminRoutes, type OpenApiDocument } from './combined-openapi.ts';

export const API_DOCS_PREFIX = '/api/docs';

export interface ApiDocsOptions {
  upstreams: Record<UpstreamName, string>;
  /** Longest wait for a service's document. */
  timeoutMs: number;
  /** How long a combined document with every service in it is reused (default 30 s). */
  cacheMs?: number;
  /**
   * Whether everyone sees the admin API in the document (outside production). Otherwise only a
   * request with a valid admin access token does; anyone else gets the public part.
   */
  adminRoutesPublic: boolean;
  /** Verifies that token; null when no public keys are configured (nobody sees the admin part). */
  guards: AuthGuards | null;
}

/** A service's OpenAPI document, or null when it does not answer with one in time. */
async function fetchDocument(baseUrl: string, timeoutMs: number): Promise<OpenApiDocument | null> {
  try {
    const res = await fetch(new URL(OPENAPI_PATH, baseUrl), { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) return null;
    const document = (await res.json()) as OpenApiDocument;
    return typeof document.openapi === 'string' ? document : null;
  } catch {
    return null;
  }
}

/**
 * The API reference at /api/docs (Swagger UI) over one document combining the gateway's routes
 * with each service's /openapi.json, fetched when the reference asks for it. A combination with
 * every service in it is kept for a while; one missing a service is fetched again next time.
 */
async function apiDocs(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  const cacheMs = options.cacheMs ?? 30_000;
  let cached: { document: OpenApiDocument; at: number } | null = null;
  const combined = async (): Promise<OpenApiDocument> => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.document;
    const timeoutMs = Math.min(options.timeoutMs, 5_000);
    const found = await Promise.all(
      UPSTREAM_NAMES.map(
        async (name) => [name, await fetchDocument(options.upstreams[name], timeoutMs)] as const,
      ),
    );
    const document = combineDocuments(app.swagger() as OpenApiDocument, Object.fromEntries(found));
    cached = found.every(([, service]) => service !== null) ? { document, at: Date.now() } : null;
    return document;
  };

  /** The document this request may read: with the admin API for a signed-in admin (or everyone outside production). */
  const documentFor = async (request: FastifyRequest): Promise<OpenApiDocument> => {
    const document = await combined();
    if (options.adminRoutesPublic) return document;
    const authorization = request.headers.authorization;
    if (!authorization || !options.guards) return withoutAdminRoutes(document);
    // A token that is sent must be valid: 401 in the one error format otherwise.
    await options.guards.authenticate(authorization);
    return document;
  };

  // Swagger UI reads the document synchronously; it is fetched just before, in a preHandler.
  const documents = new WeakMap<FastifyRequest, OpenApiDocument>();
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
    uiHooks: {
      // swagger-ui's option takes the callback form of a hook: the request goes on when done is called.
      preHandler: (request, reply, done) => {
        if (!/\/(json|yaml)$/.test(request.url.split('?', 1)[0] ?? '')) return done();
        // Never cached by a browser or proxy: who asks decides what it holds.
        void reply.header('cache-control', 'no-store');
        void reply.header('vary', 'authorization');
        documentFor(request).then((document) => {
          documents.set(request, document);
          done();
        }, done);
      },
    },
    transformSpecificationClone: false,
    transformSpecification: (_gatewayOnly, request) => documents.get(request) ?? {},
  });
}

export default fp(apiDocs, { name: 'api-docs' });
