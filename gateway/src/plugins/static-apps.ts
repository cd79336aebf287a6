import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import { isAdminPath, isWebRoute } from '@celebstyle/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notBuiltPage } from './not-built-page.ts';

export interface StaticAppsOptions {
  webDistDir: string;
  adminDistDir: string;
}

const INDEX = 'index.html';

/** Vite fingerprints everything under assets/, so it can be cached for good; index.html never is. */
function cacheHeaders(res: SetHeadersResponse, filePath: string): void {
  const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
  res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
}

function hasBuild(dir: string): boolean {
  return existsSync(path.join(dir, INDEX));
}

/** A request for a file (an extension in the last segment) that is not there gets a plain 404, not the app. */
function looksLikeFile(pathname: string): boolean {
  const last = pathname.split('/').pop() ?? '';
  return /\.[A-Za-z0-9]{1,8}$/.test(last);
}

function sendIndex(reply: FastifyReply, dir: string, status: number) {
  return reply
    .status(status)
    .header('cache-control', 'no-cache')
    .sendFile(INDEX, dir, { cacheControl: false });
}

/**
 * Serves web/dist at / and admin-web/dist at /admin with SPA fallback. Files are registered one by
 * one (wildcard off, the builds are fixed while the gateway runs); every other GET is decided here:
 * unknown /api paths stay JSON 404; a storefront page is rendered on the server (page-rendering.ts)
 * and, when it cannot be, answered with the app's shell: a path that is not an app route with HTTP
 * 404, the app then showing '404 - Page Not Found' (storefront.md §2); every path under
 * /admin falls back to the admin app, whose router has its own 404. Other methods reach
 * service-kit's JSON 404.
 */
async function staticApps(app: FastifyInstance, options: StaticAppsOptions): Promise<void> {
  const webBuilt = hasBuild(options.webDistDir);
  const adminBuilt = hasBuild(options.adminDistDir);
  if (!webBuilt)
    app.log.warn(`storefront not built: ${options.webDistDir} has no index.html (run npm run build -w web)`);
  if (!adminBuilt)
    app.log.warn(
      `admin console not built: ${options.adminDistDir} has no index.html (run npm run build -w admin-web)`,
    );

  // sendFile is decorated once, by the first registration; the second one reuses it. The web build
  // writes .br and .gz copies of every text asset; preCompressed serves them to clients that accept
  // them (a third of the bytes on a phone's first load).
  const common = {
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: cacheHeaders,
  } as const;
  if (webBuilt) await app.register(fastifyStatic, { ...common, root: options.webDistDir, prefix: '/' });
  if (adminBuilt) {
    await app.register(fastifyStatic, {
      ...common,
      root: options.adminDistDir,
      prefix: '/admin/',
      decorateReply: !webBuilt,
    });
  }

  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
    if (isAdminPath(pathname)) {
      if (!adminBuilt)
        return reply.status(503).type('text/html').send(notBuiltPage('admin console', 'admin-web'));
      if (looksLikeFile(pathname)) return reply.status(404).type('text/plain').send('Not found');
      return sendIndex(reply, options.adminDistDir, 200);
    }
    if (!webBuilt) return reply.status(503).type('text/html').send(notBuiltPage('storefront', 'web'));
    const route = isWebRoute(pathname);
    if (!route && looksLikeFile(pathname)) return reply.status(404).type('text/plain').send('Not found');
    if (app.servePage && (await app.servePage(request, reply))) return reply;
    return sendIndex(reply, options.webDistDir, route ? 200 : 404);
  };
  // Web pages, not API operations: left out of the API reference.
  app.get('/', { schema: { hide: true } }, fallback);
  app.get('/*', { schema: { hide: true } }, fallback);
}

export default fp(staticApps, { name: 'static-apps' });
