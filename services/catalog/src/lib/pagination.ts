import { pageFacts, type ListPagination, type PostPagination } from '@celebstyle/contracts';

/** The row offset of a 1-based page. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}

/** storefront.md §3 pagination {currentPage, totalPages, totalPosts, hasNextPage, hasPrevPage}. */
export function postPagination(page: number, limit: number, totalPosts: number): PostPagination {
  return { totalPosts, ...pageFacts(page, limit, totalPosts) };
}

/** The same shape for shows and cast, counting items rather than posts. */
export function listPagination(page: number, limit: number, totalItems: number): ListPagination {
  return { totalItems, ...pageFacts(page, limit, totalItems) };
}

/**
 * admin.md §3 list pagination: the total under the list's own name (`totalPosts`, `totalShows` …),
 * the page size and the page facts (contracts' AdminListPagination).
 */
export function adminListPagination<TotalName extends string>(
  totalName: TotalName,
  page: number,
  limit: number,
  total: number,
) {
  const counted = { [totalName]: total } as Record<TotalName, number>;
  return { ...counted, limit, ...pageFacts(page, limit, total) };
}
