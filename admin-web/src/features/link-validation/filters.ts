import {
  BrokenLinkStatuses,
  type LinkValidationFilters,
  type LinkValidationSortField,
} from '@celebstyle/contracts';
import { fractionToPercent, isPercentInput } from './confidence.ts';
import { RECENTLY_FIXED_DAYS, HIGH_CONFIDENCE, LOW_CONFIDENCE } from '../../config/constants.ts';

/** §3 filters as the screen holds them: text as typed, confidence in percent (see confidence.ts). */
export interface Filters {
  search: string;
  /** One status, a comma list (Broken Links), or 'all' for no status filter. */
  linkStatus: string;
  retailer: string;
  celebrity: string;
  show: string;
  brand: string;
  platform: string;
  productType: string;
  recommendation: string;
  minConfidence: string;
  maxConfidence: string;
  /** YYYY-MM-DD from the date input, or an ISO date-time from Recently Fixed. */
  validatedAfter: string;
  validatedBefore: string;
}

export type SortField = Extract<LinkValidationSortField, 'postCreated' | 'postTitle' | 'celebrity' | 'show'>;
export type SortOrder = NonNullable<LinkValidationFilters['sortOrder']>;

/** Everything the screen's URL carries: filters, page and sort (§2.2). */
export interface View {
  filters: Filters;
  page: number;
  sortBy: SortField;
  sortOrder: SortOrder;
}

/** §2.2 and §9: the link status filter defaults to active. */
export const ALL_STATUSES = 'all';
export const DEFAULT_FILTERS: Filters = {
  search: '',
  linkStatus: 'active',
  retailer: '',
  celebrity: '',
  show: '',
  brand: '',
  platform: '',
  productType: '',
  recommendation: '',
  minConfidence: '',
  maxConfidence: '',
  validatedAfter: '',
  validatedBefore: '',
};
/** §4.4 default sort: postCreated descending. */
export const DEFAULT_VIEW: View = {
  filters: DEFAULT_FILTERS,
  page: 1,
  sortBy: 'postCreated',
  sortOrder: 'desc',
};

export const FILTER_KEYS = Object.keys(DEFAULT_FILTERS) as (keyof Filters)[];
export const SORTABLE_FIELDS: readonly SortField[] = ['postTitle', 'celebrity', 'show', 'postCreated'];

/** The confidence inputs holding a value out of 0-100 (§5); such filters are not loaded. */
export function invalidConfidenceInputs(filters: Filters): ('minConfidence' | 'maxConfidence')[] {
  return (['minConfidence', 'maxConfidence'] as const).filter((key) => !isPercentInput(filters[key]));
}

/** 'Clear All Filters' shows only when a filter differs from its default. */
export function hasActiveFilters(filters: Filters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== DEFAULT_FILTERS[key]);
}

/** §4.4: a new sort field starts descending; the same field toggles direction. Back to page 1. */
export function nextSort(view: View, field: SortField): View {
  const sortOrder: SortOrder = view.sortBy === field ? (view.sortOrder === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...view, sortBy: field, sortOrder, page: 1 };
}

// ---- §4.3 quick filters ----------------------------------------------------------------------

const DAY_MS = 86_400_000;

export interface QuickFilter {
  id: string;
  label: string;
  /** The filter values the preset sets (the others are kept). */
  values(now: Date): Partial<Filters>;
  isActive(filters: Filters): boolean;
}

const BROKEN = BrokenLinkStatuses.join(',');
const isDateTime = (value: string) => value.includes('T');

export const QUICK_FILTERS: readonly QuickFilter[] = [
  {
    id: 'needs-attention',
    label: 'Needs Attention',
    values: () => ({ linkStatus: '404' }),
    isActive: (f) => f.linkStatus === '404',
  },
  {
    id: 'recently-fixed',
    label: 'Recently Fixed',
    values: (now) => ({
      linkStatus: 'active',
      validatedAfter: new Date(now.getTime() - RECENTLY_FIXED_DAYS * DAY_MS).toISOString(),
    }),
    isActive: (f) => f.linkStatus === 'active' && isDateTime(f.validatedAfter),
  },
  {
    id: 'high-confidence',
    label: 'High Confidence',
    values: () => ({ minConfidence: fractionToPercent(HIGH_CONFIDENCE) }),
    isActive: (f) => f.minConfidence === fractionToPercent(HIGH_CONFIDENCE),
  },
  {
    id: 'low-confidence',
    label: 'Low Confidence',
    values: () => ({ maxConfidence: fractionToPercent(LOW_CONFIDENCE) }),
    isActive: (f) => f.maxConfidence === fractionToPercent(LOW_CONFIDENCE),
  },
  {
    id: 'sold-out',
    label: 'Sold Out',
    values: () => ({ linkStatus: 'sold_out' }),
    isActive: (f) => f.linkStatus === 'sold_out',
  },
  {
    id: 'broken-links',
    label: 'Broken Links',
    values: () => ({ linkStatus: BROKEN }),
    isActive: (f) => f.linkStatus === BROKEN,
  },
];

/**
 * Applies a quick filter, or clears the fields it set when it is already active (§4.3). A quick
 * filter replaces the one in force: the fields of every active preset are cleared first, so High
 * then Low Confidence never asks for a minimum above the maximum, and Sold Out after Recently
 * Fixed does not keep its date. Filters set by hand elsewhere in the panel are kept.
 */
export function toggleQuickFilter(filters: Filters, quick: QuickFilter, now: Date): Filters {
  const replaced = quick.isActive(filters)
    ? [quick]
    : QUICK_FILTERS.filter((preset) => preset.isActive(filters));
  const cleared = { ...filters };
  for (const preset of replaced) {
    for (const key of Object.keys(preset.values(now)) as (keyof Filters)[])
      cleared[key] = DEFAULT_FILTERS[key];
  }
  return quick.isActive(filters) ? cleared : { ...cleared, ...quick.values(now) };
}

// ---- URL state ---------------------------------------------------------------------------------

const SORT_ORDERS: readonly SortOrder[] = ['asc', 'desc'];

/** Reads the view from a query string; unknown or malformed values fall back to the defaults. */
export function viewFromSearch(search: string): View {
  const params = new URLSearchParams(search);
  const filters = { ...DEFAULT_FILTERS };
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value === null) continue;
    if ((key === 'minConfidence' || key === 'maxConfidence') && !isPercentInput(value)) continue;
    filters[key] = value;
  }
  const page = Number(params.get('page'));
  const sortBy = params.get('sortBy') as SortField | null;
  const sortOrder = params.get('sortOrder') as SortOrder | null;
  return {
    filters,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sortBy: sortBy && SORTABLE_FIELDS.includes(sortBy) ? sortBy : DEFAULT_VIEW.sortBy,
    sortOrder: sortOrder && SORT_ORDERS.includes(sortOrder) ? sortOrder : DEFAULT_VIEW.sortOrder,
  };
}

/** The query string of a view: only what differs from the defaults, so the plain page has none. */
export function searchFromView(view: View): string {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    if (view.filters[key] !== DEFAULT_FILTERS[key]) params.set(key, view.filters[key]);
  }
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.sortBy !== DEFAULT_VIEW.sortBy) params.set('sortBy', view.sortBy);
  if (view.sortOrder !== DEFAULT_VIEW.sortOrder) params.set('sortOrder', view.sortOrder);
  const query = params.toString();
  return query ? `?${query}` : '';
}
