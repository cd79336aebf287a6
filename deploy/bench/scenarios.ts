/**
 * What the benchmark measures, as data: each read names its path (with {placeholders} filled from the
 * running catalogue) and whether it is also measured directly against its service, without the gateway.
 */
import type { ReadTarget } from './report.ts';

export interface ReadScenario {
  name: string;
  /** The target the read's figures are held to (report.ts). */
  target: ReadTarget;
  path: string;
  /** Also measure the same read against the service itself (gateway overhead). */
  direct?: 'catalog' | 'accounts';
  /** Needs an admin access token (a guarded read). */
  admin?: boolean;
  /**
   * Every request fills {n} with the next number of this range (continuing across the warm-up and
   * the measured run), so no request repeats an earlier one and none is answered from a cache.
   * Such a read is reported, not held to the targets; catalogues with fewer posts skip it.
   */
  vary?: { from: number; to: number; minPosts: number };
  /** Every request takes the next of these paths ({placeholders} filled), then starts over. */
  cycle?: string[];
}

const ADMIN_STATUSES = ['pending', 'approved', 'rejected', 'hidden', 'all'];
const ADMIN_SORTS = ['createdAt', 'updatedAt', 'title', 'celebrity', 'viewCount'];
const ADMIN_FILTERS = [
  '',
  '&celebrity={celebrity}',
  '&show={show}',
  '&brand={brand}&productType={productType}',
  '&platform=wornontv',
  '&search={searchTerm}',
  '&celebrity={celebrity}&platform=bigblondehair&search={searchTerm}',
];
/** The back office list: each status, each sort in both orders, each filter set, pages 1 and 3. */
export const ADMIN_LIST_COMBINATIONS = ADMIN_STATUSES.flatMap((status) =>
  ADMIN_SORTS.flatMap((sortBy) =>
    ['desc', 'asc'].flatMap((sortOrder) =>
      ADMIN_FILTERS.flatMap((filters) =>
        [1, 3].map(
          (page) =>
            `/api/admin/posts?status=${status}&sortBy=${sortBy}&sortOrder=${sortOrder}${filters}&page=${page}`,
        ),
      ),
    ),
  ),
);

export const READ_SCENARIOS: ReadScenario[] = [
  { name: 'posts?limit=20', target: 'storefront', path: '/api/posts?limit=20', direct: 'catalog' },
  {
    name: 'posts filtered (show, sort)',
    target: 'storefront',
    path: '/api/posts?limit=20&show=Real%20Housewives&sort=viewCount&order=desc',
  },
  {
    name: 'posts filtered (brand, product)',
    target: 'storefront',
    path: '/api/posts?limit=20&brand={brand}&product={productType}',
  },
  { name: 'posts page 500', target: 'storefront', path: '/api/posts?page=500&limit=20' },
  {
    name: 'posts pages 100-8000, each once (uncached)',
    target: 'none',
    path: '/api/posts?page={n}&limit=20',
    vary: { from: 100, to: 8000, minPosts: 200_000 },
  },
  { name: 'posts/search/{term}', target: 'storefront', path: '/api/posts/search/{searchTerm}?limit=20' },
  { name: 'search?q=', target: 'storefront', path: '/api/search?q={searchTerm}&limit=12' },
  {
    name: 'posts/trending-celebrities',
    target: 'storefront',
    path: '/api/posts/trending-celebrities?limit=12',
  },
  {
    name: 'posts/celebrity/{slug}',
    target: 'storefront',
    path: '/api/posts/celebrity/{celebritySlug}?limit=12',
  },
  {
    // the HTML of a product page rendered on the server (gateway in-process render, per-URL cache)
    name: 'server-rendered product page',
    target: 'storefront',
    path: '/product/{postId}',
  },
  {
    name: 'admin posts list (defaults)',
    target: 'admin-list',
    path: '/api/admin/posts',
    direct: 'catalog',
    admin: true,
  },
  {
    name: `admin posts list, ${ADMIN_LIST_COMBINATIONS.length} filter/sort/page combinations in turn`,
    target: 'admin-list',
    path: ADMIN_LIST_COMBINATIONS[0]!,
    cycle: ADMIN_LIST_COMBINATIONS,
    direct: 'catalog',
    admin: true,
  },
  {
    name: 'admin posts list, every status, title order, pages 1-2000 each once (uncached)',
    target: 'none',
    path: '/api/admin/posts?status=all&sortBy=title&sortOrder=asc&page={n}',
    vary: { from: 1, to: 2000, minPosts: 200_000 },
    admin: true,
  },
  {
    name: 'admin accounts list (guarded)',
    target: 'none',
    path: '/api/admin/accounts?page=1&limit=10',
    direct: 'accounts',
    admin: true,
  },
];

/** The path of each request of a cycled read: the list in order, then again. */
export function cycledPaths(paths: string[]): () => string {
  let next = 0;
  return () => {
    const path = paths[next]!;
    next = (next + 1) % paths.length;
    return path;
  };
}

/** The path of each request of a varied read: {n} walks its range, then starts over. */
export function variedPaths(path: string, range: { from: number; to: number }): () => string {
  let next = range.from;
  return () => {
    const filled = path.replace('{n}', String(next));
    next = next >= range.to ? range.from : next + 1;
    return filled;
  };
}

/**
 * Fills {name} placeholders ({n} stays for a varied read); a missing value leaves the read out
 * (reported as 'no sample data').
 */
export function fillPath(path: string, values: Record<string, string>): string | null {
  let missing = false;
  const filled = path.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    if (key === 'n') return placeholder;
    const value = values[key];
    if (value === undefined) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? null : filled;
}
