import type { SiteConfig } from '@celebstyle/contracts';
import {
  createService,
  type AuthGuards,
  type RedisState,
  type ServiceInstance,
} from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import adminAuth from './plugins/admin-auth.ts';
import apiDocs from './plugins/api-docs.ts';
import bodyLimit from './plugins/body-limit.ts';
import rateLimit from './plugins/rate-limit.ts';
import responseCompression from './plugins/response-compression.ts';
import securityHeaders from './plugins/security-headers.ts';
import pageRendering, { newRenderToken } from './plugins/page-rendering.ts';
import type { CatalogChanges } from './modules/page-rendering/render-cache.ts';
import staticApps from './plugins/static-apps.ts';
import upstreamProxy from './plugins/upstream-proxy.ts';
import type { TrustProxyOption } from './config.ts';
import type { UpstreamName } from './route-table.ts';
import { seoFileRoutes } from './routes/seo-files/index.ts';
import { siteConfigRoutes } from './routes/site-config/index.ts';

export interface GatewayDeps {
  logLevel?: string;
  upstreams: Record<UpstreamName, string>;
  upstreamTimeoutMs: number;
  /** Verifies admin access tokens; null when no public keys are configured (admin calls answer 503). */
  guards: AuthGuards | null;
  /** Whether /api/docs shows the admin API to everyone (outside production); otherwise to signed-in admins only. */
  publicAdminDocs?: boolean;
  rateLimit: { max: number; windowMs: number; redis: Redis | null; keyPrefix: string };
  siteConfig: SiteConfig;
  webDistDir: string;
  adminDistDir: string;
  /** URLs per sitemap file (default the sitemaps.org 50,000; tests make it small). */
  sitemapUrlsPerFile?: number;
  /** Server rendering of storefront pages; left out, pages are the static shell. */
  pages?: {
    serverEntry: string;
    cacheTtlMs: number;
    renderTimeoutMs: number;
    /** The catalog's change sequence and stamps, which keep a rendered page fresh. */
    catalogChanges: CatalogChanges;
    /** Counts a view of a product page answered from the render cache. */
    countView?: (postId: string) => Promise<unknown>;
  };
  /** Fastify trustProxy: false, a hop count or the load balancer's addresses (never true). */
  trustProxy?: TrustProxyOption;
  /** Dependencies shown on /readyz without failing it (Redis: public reads work without it). */
  reported?: Record<string, () => Promise<unknown>>;
  /** Redis connections whose state the metrics report. */
  metricsRedis?: Record<string, RedisState>;
  /** How long the rest of a refused body may keep arriving after the 413 (default 30 s; tests shorten it). */
  refusedBodyLingerMs?: number;
}

/**
 * Largest body of the gateway's own routes, which Fastify parses. Bodies it proxies stream on
 * unbuffered, each within its route's limit (plugins/body-limit.ts). Headers stay within Node's
 * default 16 KiB (--max-http-header-size); larger ones get 431.
 */
export const GATEWAY_BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: GatewayDeps): Promise<ServiceInstance> {
  const app = createService({
    name: 'gateway',
    logLevel: deps.logLevel,
    trustCallerRequestId: false,
    listRoutes: false,
    reported: deps.reported,
    // The gateway's port is public: its metrics are served on METRICS_PORT instead (server.ts).
    metricsRoute: false,
    // Bodies stream through to the services unparsed (upstream-proxy.ts); the services parse them.
    parseJsonBodies: false,
    metrics: { redis: deps.metricsRedis },
    fastify: {
      trustProxy: deps.trustProxy ?? false,
      bodyLimit: GATEWAY_BODY_LIMIT_BYTES,
    },
  });
  await app.register(securityHeaders);
  await app.register(responseCompression);
  const renderToken = newRenderToken();
  await app.register(rateLimit, { ...deps.rateLimit, renderToken });
  await app.register(bodyLimit, { lingerMs: deps.refusedBodyLingerMs });
  await app.register(adminAuth, { guards: deps.guards });
  await app.register(siteConfigRoutes(deps.siteConfig));
  await app.register(
    seoFileRoutes({
      siteUrl: deps.siteConfig.siteUrl,
      catalogUrl: deps.upstreams.catalog,
      timeoutMs: deps.upstreamTimeoutMs,
      urlsPerFile: deps.sitemapUrlsPerFile,
    }),
  );
  await app.register(apiDocs, {
    upstreams: deps.upstreams,
    timeoutMs: deps.upstreamTimeoutMs,
    adminRoutesPublic: deps.publicAdminDocs ?? false,
    guards: deps.guards,
  });
  await app.register(upstreamProxy, { upstreams: deps.upstreams, timeoutMs: deps.upstreamTimeoutMs });
  // No process's metrics are public, whether or not a web app is built to answer the path.
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => reply.callNotFound());
  if (deps.pages)
    await app.register(pageRendering, {
      ...deps.pages,
      webDistDir: deps.webDistDir,
      siteUrl: deps.siteConfig.siteUrl,
      renderToken,
    });
  await app.register(staticApps, { webDistDir: deps.webDistDir, adminDistDir: deps.adminDistDir });
  return app;
}
