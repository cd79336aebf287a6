import { LRUCache } from 'lru-cache';
import type { RenderedPage, RenderPage } from './web-server-bundle.ts';

export type RenderCacheOptions = {
  ttlMs: number;
  maxBytes: number;
  /** The catalog's data version (bumped on every catalog write); null when it cannot be read. */
  catalogVersion: () => Promise<string | null>;
};

/**
 * Rendered pages kept per URL for a short time, under the catalog's data version: a catalog
 * change starts a new version, so no page rendered from older data is answered again (the TTL
 * bounds what a missed version read can keep). Pages that failed in part are not kept. Renders
 * of one URL that overlap share one render.
 */
export function cachedRenderer(render: RenderPage, options: RenderCacheOptions) {
  const pages = new LRUCache<string, RenderedPage>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    sizeCalculation: (page) => (page.kind === 'page' ? page.html.length : 64) + 64,
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();

  return async function renderCached(url: string): Promise<{ page: RenderedPage; cached: boolean }> {
    const version = options.ttlMs > 0 ? await options.catalogVersion().catch(() => null) : null;
    const key = `${version ?? '-'} ${url}`;
    const hit = pages.get(key);
    if (hit) return { page: hit, cached: true };
    let rendering = inFlight.get(key);
    if (!rendering) {
      rendering = render(url).finally(() => inFlight.delete(key));
      inFlight.set(key, rendering);
    }
    const page = await rendering;
    if (options.ttlMs > 0 && (page.kind === 'redirect' || page.complete)) pages.set(key, page);
    return { page, cached: false };
  };
}
