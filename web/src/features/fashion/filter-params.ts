import { SEARCH_TERM_MAX_LENGTH } from '@celebstyle/contracts';
import {
  EMPTY_FILTERS,
  orderedBounds,
  priceBound,
  type FilterState,
  type SortBy,
} from '../../lib/saved-filters.ts';
import { SHOW_OPTION_MAX_WORDS, SHOW_OPTION_MIN_CHARS } from '../../config/constants.ts';
import type { PostListQuery } from '../../lib/catalog/posts.ts';

/** The query parameters of storefront.md §2 Fashion listing that set filters (t is only a cache-buster). */
const FILTER_PARAMS = [
  'filter',
  'show',
  'celebrity',
  'brand',
  'product',
  'search',
  'minPrice',
  'maxPrice',
  'sort',
] as const;

/** Beyond the spec: the price sorts travel in the URL as sort=price_asc|price_desc (README "Prices"). */
const URL_SORTS: Partial<Record<SortBy, string>> = { 'price-asc': 'price_asc', 'price-desc': 'price_desc' };

/** The sort a URL names (price sorts only; the others stay local, like the spec's saved state). */
export function sortFromParams(params: URLSearchParams): SortBy | null {
  const value = params.get('sort');
  const found = Object.entries(URL_SORTS).find(([, name]) => name === value);
  return found ? (found[0] as SortBy) : null;
}

/** 'A, B,,C ' → ['A', 'B', 'C'] (one name or a comma list), de-duplicated case-insensitively. */
export function splitList(value: string | null): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of (value ?? '').split(',')) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      out.push(name);
    }
  }
  return out;
}

export function hasFilterParams(params: URLSearchParams): boolean {
  return FILTER_PARAMS.some((p) => (params.get(p) ?? '').trim() !== '');
}

/**
 * storefront.md §4: URL parameters set filters on load. filter=latest / filter=top switch the
 * latest-drops and top-picks modes; other values are ignored.
 */
export function filtersFromParams(params: URLSearchParams): FilterState {
  const filter = (params.get('filter') ?? '').trim().toLowerCase();
  return {
    ...EMPTY_FILTERS,
    show: splitList(params.get('show')),
    celebrity: splitList(params.get('celebrity')),
    brand: splitList(params.get('brand')),
    product: splitList(params.get('product')),
    topPicks: filter === 'top',
    latestDrops: filter === 'latest',
    sortBy: sortFromParams(params) ?? (filter === 'latest' ? 'newest' : 'featured'),
    ...orderedBounds(priceBound(params.get('minPrice')), priceBound(params.get('maxPrice'))),
    // A longer term (a hand-edited or old link) is cut to what the API takes, not an error page.
    search: (params.get('search') ?? '').trim().slice(0, SEARCH_TERM_MAX_LENGTH).trim(),
  };
}

/** The shareable URL of a filter state (the sort stays local, like the spec's saved state, but for price sorts). */
export function paramsFromFilters(state: FilterState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.topPicks) params.set('filter', 'top');
  else if (state.latestDrops) params.set('filter', 'latest');
  if (state.show.length) params.set('show', state.show.join(','));
  if (state.celebrity.length) params.set('celebrity', state.celebrity.join(','));
  if (state.brand.length) params.set('brand', state.brand.join(','));
  if (state.product.length) params.set('product', state.product.join(','));
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.minPrice !== null) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== null) params.set('maxPrice', String(state.maxPrice));
  const sort = URL_SORTS[state.sortBy];
  if (sort) params.set('sort', sort);
  return params;
}

const SORTS: Record<SortBy, Pick<PostListQuery, 'sort' | 'order'>> = {
  featured: {},
  newest: { sort: 'createdAt', order: 'desc' },
  popular: { sort: 'viewCount', order: 'desc' },
  'name-az': { sort: 'title', order: 'asc' },
  'price-asc': { sort: 'price', order: 'asc' },
  'price-desc': { sort: 'price', order: 'desc' },
};

/** The GET /api/posts query for a filter state: filtering and sorting happen on the server. */
export function postQueryFromFilters(state: FilterState): Omit<PostListQuery, 'page' | 'limit'> {
  return {
    ...SORTS[state.sortBy],
    filter: state.topPicks ? 'top' : state.latestDrops ? 'latest' : undefined,
    show: state.show.join(',') || undefined,
    celebrity: state.celebrity.join(',') || undefined,
    brand: state.brand.join(',') || undefined,
    product: state.product.join(',') || undefined,
    search: state.search.trim() || undefined,
    minPrice: state.minPrice ?? undefined,
    maxPrice: state.maxPrice ?? undefined,
  };
}

/** Little words the 5-word rule does not count ('The Real Housewives of Salt Lake City' has 5). */
const UNCOUNTED_WORDS = new Set(['the', 'of', 'a', 'an', 'and', '&', 'in', 'on', 'at', 'to', 'for']);

/**
 * §5: show filter options keep only names of at least 4 characters and at most 5 words. The rule
 * we end with counts the words that carry meaning, not 'the', 'of', 'and' and the like: it still
 * drops sentence-long junk names, and keeps every Real Housewives city (Beverly Hills, New York
 * City, Orange County, Salt Lake City), which a plain word count of 6 or 7 would hide.
 */
export function isShowOption(name: string): boolean {
  const trimmed = name.trim();
  const words = trimmed.split(/\s+/).filter((w) => !UNCOUNTED_WORDS.has(w.toLowerCase()));
  return trimmed.length >= SHOW_OPTION_MIN_CHARS && words.length <= SHOW_OPTION_MAX_WORDS;
}

export function activeFilterCount(state: FilterState): number {
  return (
    state.show.length +
    state.celebrity.length +
    state.brand.length +
    state.product.length +
    (state.topPicks ? 1 : 0) +
    (state.latestDrops ? 1 : 0) +
    (state.search.trim() ? 1 : 0) +
    (state.minPrice !== null || state.maxPrice !== null ? 1 : 0)
  );
}
