import { LRUCache } from 'lru-cache';
import type { RenderedPage, RenderPage } from './web-server-bundle.ts';

export type RenderCacheOptions = {
  ttlMs: number;
  maxBytes: number;
  /** The catalog's data version (bumped on every catalog write); null when it cannot be read. */
  catalogVersion: () => Promise<string | null>;
};

export type CachedPage = { page: RenderedPage; cached: boolean };

type Entry = { page: RenderedPage; version: string | null };

/**
 * Rendered pages kept per URL for a short time, each with the catalog data version it was
 * rendered from. A page of the current version is answered as it is. Once the catalog changes, the
 * next request starts a new render of the page and is answered the previous one meanwhile: a busy
 * catalog (link health arrives all day) never makes visitors wait for renders, and a page is stale
 * for one render's time at most after a change. Pages that failed in part are not kept. Renders of
 * one URL never overlap.
 */
export function cachedRenderer(render: RenderPage, options: RenderCacheOptions) {
  const pages = new LRUCache<string, Entry>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    sizeCalculation: ({ page }) => (page.kind === 'page' ? page.html.length : 64) + 64,
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();

  function renderAndKeep(url: string, version: string | null): Promise<RenderedPage> {
    let rendering = inFlight.get(url);
    if (!rendering) {
      rendering = render(url)
        .then((page) => {
          if (options.ttlMs > 0 && (page.kind === 'redirect' || page.complete))
            pages.set(url, { page, version });
          return page;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, rendering);
    }
    return rendering;
  }

  return async function renderCached(url: string): Promise<CachedPage> {
    if (options.ttlMs === 0) return { page: await renderAndKeep(url, null), cached: false };
    const version = await options.catalogVersion().catch(() => null);
    const kept = pages.get(url);
    if (kept && kept.version !== version) void renderAndKeep(url, version).catch(() => undefined);
    if (kept) return { page: kept.page, cached: true };
    return { page: await renderAndKeep(url, version), cached: false };
  };
}
