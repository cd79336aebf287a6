import { Type, type ObjectOptions, type Static } from '@sinclair/typebox';
import { QueryInteger, QueryPage } from './query-integer.ts';

/** Pagination of public post lists (storefront.md §3, celebrity profile response). */
export const PostPagination = Type.Object(
  {
    currentPage: Type.Integer(),
    totalPages: Type.Integer(),
    totalPosts: Type.Integer(),
    hasNextPage: Type.Boolean(),
    hasPrevPage: Type.Boolean(),
  },
  { $id: 'PostPagination' },
);
export type PostPagination = Static<typeof PostPagination>;

/** currentPage, totalPages, hasNextPage and hasPrevPage of a 1-based page of `total` matches. */
export function pageFacts(page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return { currentPage: page, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}

const Count = Type.Integer({ minimum: 0 });

/**
 * admin.md §3 list pagination: the total under the list's own name (`totalPosts`, `totalAdmins`,
 * …) and the page facts with the limit. Build the answer with `{ [totalName]: total, limit,
 * ...pageFacts(page, limit, total) }`.
 */
export const AdminListPagination = <Total extends string>(totalName: Total, options: ObjectOptions = {}) =>
  Type.Object(
    {
      ...({ [totalName]: Count } as Record<Total, typeof Count>),
      totalPages: Count,
      currentPage: Type.Integer(),
      limit: Type.Integer(),
      hasPrevPage: Type.Boolean(),
      hasNextPage: Type.Boolean(),
    },
    options,
  );

/** page and limit as every list route takes them; limits are bounded so no caller can ask for a scan. */
export const PageQuery = (defaultLimit: number, maxLimit = 100) =>
  Type.Object({
    page: QueryPage(),
    limit: QueryInteger({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
  });
