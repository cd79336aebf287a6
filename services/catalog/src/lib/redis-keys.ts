import { catalogDataVersionKey, catalogPendingViewsKey } from '@celebstyle/queue';

/**
 * Every Redis key the catalog uses, under one prefix (QUEUE_PREFIX in production, a test file's own
 * prefix in tests), so nothing collides with other services or parallel test runs.
 */
export function catalogKeys(prefix: string) {
  const base = `${prefix}:catalog`;
  return {
    /** The prefix itself, for the change records shared with the gateway (@celebstyle/queue). */
    prefix,
    /** Moved by every change to what a listing holds; part of every aggregate cache key (README,
     * Caching). A change to one post's links alone leaves it (lib/catalog-version.ts). */
    dataVersion: catalogDataVersionKey(prefix),
    /** Bumped when buffered view counts reach PostgreSQL (popular lists, viewCount sort anchors). */
    viewsVersion: `${base}:views-version`,
    /**
     * Bumped when a post's card offer (price, sold out) changes: the key of every cached answer of a
     * price-filtered or price-sorted listing names it (a link-health change leaves the data version).
     */
    pricesVersion: `${base}:prices-version`,
    /** Hash postId → views not yet written to PostgreSQL. */
    pendingViews: catalogPendingViewsKey(prefix),
    /** A pending-views hash renamed for flushing; survives a crash until it is applied. */
    flushingViews: (batchId: string) => `${base}:views:flushing:${batchId}`,
    flushingViewsPattern: `${base}:views:flushing:*`,
    cache: (name: string) => `${base}:cache:${name}`,
  };
}
export type CatalogKeys = ReturnType<typeof catalogKeys>;
