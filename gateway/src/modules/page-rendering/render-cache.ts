import { LRUCache } from 'lru-cache';
import { collectingPostsRead } from './page-dependencies.ts';
import type { RenderedPage, RenderPage } from './web-server-bundle.ts';

/** The catalog's change sequence and stamps (packages/queue, catalogChangeKeys). */
export interface CatalogChanges {
  /** The sequence now; read before a render reads its data. */
  sequence(): Promise<number>;
  /** The highest stamp on these posts and on the listings. */
  latest(postIds: readonly string[]): Promise<number>;
}

export type RenderCacheOptions = {
  ttlMs: number;
  maxBytes: number;
  changes: CatalogChanges;
  /** False while the catalog fails to answer: pages are rendered for each visitor then. */
  catalogAnswering?: () => boolean;
};

export type CachedPage = { page: RenderedPage; cached: boolean };

type Entry = { page: RenderedPage; sequence: number; posts: string[] };

const PRODUCT_PATH = /^\/product\/([0-9a-f-]{36})\/?(?:\?|$)/i;

/**
 * Rendered pages kept per URL for a short time (docs/design.md, Caching and freshness). Each page
 * remembers the catalog's change sequence read before its render and the posts its render read
 * (their ids in the API answers). It is answered while no later change is stamped on one of those
 * posts or on the listings; otherwise the visitor waits for a new render, so a page is never older
 * than what the API answers. Pages that failed in part are not kept, and while the catalog fails to
 * answer no kept page is answered: the visitor gets the page as the spec draws an outage. Visitors
 * asking for one URL at one sequence share one render.
 */
export function cachedRenderer(render: RenderPage, options: RenderCacheOptions) {
  const pages = new LRUCache<string, Entry>({
    ttl: options.ttlMs,
    maxSize: options.maxBytes,
    sizeCalculation: ({ page, posts }) =>
      (page.kind === 'page' ? page.html.length : 64) + 64 + posts.length * 40,
  });
  const inFlight = new Map<string, Promise<RenderedPage>>();
  const answering = options.catalogAnswering ?? (() => true);

  function renderAndKeep(url: string, sequence: number | null): Promise<RenderedPage> {
    const key = `${sequence ?? 'none'} ${url}`;
    let rendering = inFlight.get(key);
    if (!rendering) {
      rendering = collectingPostsRead(() => render(url))
        .then(({ result: page, posts }) => {
          // the product of a product page, also if its read was answered without an id
          const product = PRODUCT_PATH.exec(url);
          if (product) posts.add(product[1]!.toLowerCase());
          const keep = page.kind === 'redirect' || page.complete;
          if (sequence !== null && options.ttlMs > 0 && keep && answering())
            pages.set(url, { page, sequence, posts: [...posts] });
          return page;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, rendering);
    }
    return rendering;
  }

  async function fresh(kept: Entry): Promise<boolean> {
    try {
      return (await options.changes.latest(kept.posts)) <= kept.sequence;
    } catch {
      return false; // freshness unknown (Redis down): render
    }
  }

  return async function renderCached(url: string): Promise<CachedPage> {
    if (options.ttlMs === 0) return { page: await renderAndKeep(url, null), cached: false };
    const kept = answering() ? pages.get(url) : undefined;
    if (kept && (await fresh(kept))) return { page: kept.page, cached: true };
    const sequence = await options.changes.sequence().catch(() => null);
    return { page: await renderAndKeep(url, sequence), cached: false };
  };
}
