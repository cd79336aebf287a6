import {
  ADMIN_POST_SORT_FIELDS,
  AdminPostListQuery,
  PLATFORMS,
  POST_STATUSES,
  type PostStatus,
} from '@celebstyle/contracts';

/**
 * The list call's parameters (admin.md §2 Post Management query parameters, without id): the
 * catalog's query, one status at a time as the screen shows them.
 */
export type PostListParams = Omit<AdminPostListQuery, 'status'> & { status: PostStatus };

/** admin.md §9 Posts default: page 1, limit 20, sortBy createdAt, sortOrder desc, status pending. */
export const LIST_DEFAULTS = {
  status: 'pending',
  sortBy: 'createdAt',
  sortOrder: 'desc',
  page: 1,
  limit: 20,
} as const;
/** The largest page the catalog answers. */
const MAX_LIMIT = AdminPostListQuery.properties.limit.maximum;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((v) => v === value);

function positiveInteger(value: string | null, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

const text = (value: string | null) => (value && value.trim() !== '' ? value : undefined);

/**
 * The posts route's address as list parameters: unknown or malformed values fall back to the
 * defaults, and the status defaults to approved when the address opens a post (`id`), since the
 * post to edit is most likely a live one (the link validation screen links here).
 */
export function readListParams(search: URLSearchParams): PostListParams {
  const params: PostListParams = {
    status:
      oneOf(POST_STATUSES, search.get('status')) ?? (search.get('id') ? 'approved' : LIST_DEFAULTS.status),
    sortBy: oneOf(ADMIN_POST_SORT_FIELDS, search.get('sortBy')) ?? LIST_DEFAULTS.sortBy,
    sortOrder: oneOf(['asc', 'desc'] as const, search.get('sortOrder')) ?? LIST_DEFAULTS.sortOrder,
    page: positiveInteger(search.get('page')) ?? LIST_DEFAULTS.page,
    limit: positiveInteger(search.get('limit'), MAX_LIMIT) ?? LIST_DEFAULTS.limit,
  };
  for (const key of ['celebrity', 'show', 'brand', 'productType', 'search'] as const) {
    const value = text(search.get(key));
    if (value !== undefined) params[key] = value;
  }
  const platform = oneOf(PLATFORMS, search.get('platform'));
  if (platform) params.platform = platform;
  return params;
}

/** The filters a user sets on the screen; every change goes back to page 1. */
export type FilterKey = 'status' | 'celebrity' | 'show' | 'brand' | 'productType' | 'platform' | 'search';

/**
 * The address after setting one parameter: an empty value removes it (its default applies), and a
 * filter or page size change drops the page so the list starts again at page 1.
 */
export function withParam(
  search: URLSearchParams,
  key: FilterKey | 'page' | 'limit',
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === '') next.delete(key);
  else next.set(key, value);
  if (key !== 'page') next.delete('page');
  return next;
}

/** Clear Filters: keeps only the sort order, the page size and an open post. */
export function withoutFilters(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of ['sortBy', 'sortOrder', 'limit', 'id']) {
    const value = search.get(key);
    if (value !== null) next.set(key, value);
  }
  return next;
}
