/**
 * The Fashion listing's filter state, kept locally (storefront.md §3 "Filter state", §4 "Filters
 * are persisted locally and restored"). Shared because Home's View All Top Picks writes it.
 */
export const SORT_OPTIONS = ['featured', 'newest', 'popular', 'name-az', 'price-asc', 'price-desc'] as const;
export type SortBy = (typeof SORT_OPTIONS)[number];

export type FilterState = {
  show: string[];
  celebrity: string[];
  brand: string[];
  product: string[];
  category: string[];
  topPicks: boolean;
  latestDrops: boolean;
  sortBy: SortBy;
  search: string;
  /** Beyond the spec: the card price's bounds (README "Prices"); null: unbounded. */
  minPrice: number | null;
  maxPrice: number | null;
};

export const EMPTY_FILTERS: FilterState = {
  show: [],
  celebrity: [],
  brand: [],
  product: [],
  category: [],
  topPicks: false,
  latestDrops: false,
  sortBy: 'featured',
  search: '',
  minPrice: null,
  maxPrice: null,
};

/** A price bound as the API takes it (a finite amount, 0 or more), else null. */
export function priceBound(value: unknown): number | null {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof amount === 'number' && Number.isFinite(amount) && amount >= 0 && amount < 1e10
    ? Math.round(amount * 100) / 100
    : null;
}

const KEY = 'celebstyle.fashion-filters.v1';

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];

/** Reads the saved state; anything missing or malformed falls back to the empty state. */
export function loadSavedFilters(): FilterState {
  try {
    const raw = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object') return EMPTY_FILTERS;
    return {
      show: strings(raw.show),
      celebrity: strings(raw.celebrity),
      brand: strings(raw.brand),
      product: strings(raw.product),
      category: strings(raw.category),
      topPicks: raw.topPicks === true,
      latestDrops: raw.latestDrops === true,
      sortBy: SORT_OPTIONS.includes(raw.sortBy as SortBy) ? (raw.sortBy as SortBy) : 'featured',
      search: typeof raw.search === 'string' ? raw.search : '',
      ...orderedBounds(priceBound(raw.minPrice), priceBound(raw.maxPrice)),
    };
  } catch {
    return EMPTY_FILTERS;
  }
}

/** Bounds the wrong way round are read the right way round (the API refuses min above max). */
export function orderedBounds(
  min: number | null,
  max: number | null,
): Pick<FilterState, 'minPrice' | 'maxPrice'> {
  return min !== null && max !== null && min > max
    ? { minPrice: max, maxPrice: min }
    : { minPrice: min, maxPrice: max };
}

export function saveFilters(state: FilterState): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // private mode or full storage: filters simply are not remembered
  }
}
