import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cachedRenderer, type CatalogChanges } from '../modules/page-rendering/render-cache.ts';
import { pageBytes } from '../modules/page-rendering/encoded-page.ts';
import { inProcessApi } from '../modules/page-rendering/in-process-api.ts';
import { loadPageRenderer } from '../modules/page-rendering/web-server-bundle.ts';
import { serviceOf } from '../route-table.ts';

export interface PageRenderingOptions {
  /** web/dist-server/entry-server.js; without it pages are the static shell. */
  serverEntry: string;
  webDistDir: string;
  siteUrl: string;
  /** Per-URL render cache lifetime; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Longest wait for a render before the static shell answers instead. */
  renderTimeoutMs: number;
  /** The catalog's change sequence and stamps (Redis): what keeps a rendered page fresh. */
  catalogChanges: CatalogChanges;
  /** The secret of this process's own API reads (rate-limit plugin lets them through). */
  renderToken: string;
  /** Counts a view of a post whose page was answered from the cache (the catalog's Redis hash). */
  countView?: (postId: string) => Promise<unknown>;
}

export type ServePage = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a storefront page rendered on the server; false when it cannot (the shell answers). */
    servePage: ServePage | null;
  }
}

const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A page answered after this long without any catalog read first makes one (CATALOG_PROBE_PATH). */
const CATALOG_PROBE_AFTER_MS = 1_000;
const CATALOG_PROBE_PATH = '/api/posts?limit=1';
const PRODUCT_PATH = /^\/product\/([^/?#]+)\/?(?:\?|$)/;

/** A new secret for one gateway process's own API reads. */
export const newRenderToken = () => randomBytes(18).toString('base64url');

function timeout(ms: number): Promise<never> {
  return new Promise((_, reject) => {
    setTimeout(() => reject(new Error(`no page after ${ms} ms`)), ms).unref();
  });
}

/**
 * Server rendering of the storefront's pages (docs/design.md, Server rendering): the gateway runs
 * web's server bundle in-process. When the bundle is missing, fails to load, throws or takes too
 * long, the static app answers as before.
 */
async function pageRendering(app: FastifyInstance, options: PageRenderingOptions): Promise<void> {
  const fetchApi = inProcessApi(app, options.renderToken);
  const renderer = await loadPageRenderer({ ...options, fetchApi });
  if (typeof renderer === 'string') {
    app.log.warn(`pages are not rendered on the server: ${renderer}`);
    app.decorate('servePage', null);
    return;
  }
  // Whether the catalog's last read answered. A kept page shows what the catalog held before; while
  // the catalog fails, visitors are to see the outage as the spec draws it (storefront.md §4, §8:
  // error states and fallback data), so kept pages wait until a read succeeds again. Every catalog
  // read through this gateway counts, a visitor's and a render's own (inject runs the same hooks).
  // With no catalog read for a while (a quiet site, or every visitor served kept pages), one small
  // read asks before a page is answered, so a catalog that stopped meanwhile is noticed at once.
  let catalogAnswering = true;
  let lastCatalogRead = Date.now();
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' || serviceOf(request.url.split('?')[0]!) !== 'catalog') return;
    catalogAnswering = reply.statusCode < 500;
    lastCatalogRead = Date.now();
  });
  let probing: Promise<unknown> | null = null;
  const catalogRecentlyRead = async () => {
    if (Date.now() - lastCatalogRead < CATALOG_PROBE_AFTER_MS) return;
    probing ??= fetchApi(CATALOG_PROBE_PATH)
      .then((answer) => {
        // set here too: the hook above may run after inject has answered
        catalogAnswering = answer.status < 500;
        lastCatalogRead = Date.now();
        void answer.body?.cancel();
      })
      .catch(() => {
        catalogAnswering = false;
      })
      .finally(() => {
        probing = null;
      });
    await probing;
  };
  const render = cachedRenderer(renderer, {
    ttlMs: options.cacheTtlMs,
    maxBytes: CACHE_MAX_BYTES,
    changes: options.catalogChanges,
    catalogAnswering: () => catalogAnswering,
  });

  const bytes = pageBytes();
  const servePage: ServePage = async (request, reply) => {
    let result;
    try {
      result = await Promise.race([
        catalogRecentlyRead().then(() => render(request.url)),
        timeout(options.renderTimeoutMs),
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'server rendering failed: the static app answers');
      return false;
    }
    const { page, cached } = result;
    if (page.kind === 'redirect') {
      await reply.redirect(page.location, page.status);
      return true;
    }
    // A product page read from the cache still counts as a view of the product: the catalog counts
    // views on GET /api/posts/{id}, which a render makes and a cached page does not. One HINCRBY,
    // not a read of the post: hits come by the thousand a second.
    const product =
      cached && page.status === 200 && request.method === 'GET' ? PRODUCT_PATH.exec(request.url) : null;
    if (product && options.countView) {
      const postId = decodeURIComponent(product[1]!);
      void options.countView(postId).catch(() => undefined);
    }
    const { body, encoding } = await bytes(page, page.html, request.headers['accept-encoding']);
    if (encoding) void reply.header('content-encoding', encoding);
    await reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
    return true;
  };
  app.decorate('servePage', servePage);
}

export default fp(pageRendering, { name: 'page-rendering' });
