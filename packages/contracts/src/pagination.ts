import { Type, type Static } from '@sinclair/typebox';
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

/** page and limit as every list route takes them; limits are bounded so no caller can ask for a scan. */
export const PageQuery = (defaultLimit: number, maxLimit = 100) =>
  Type.Object({
    page: QueryPage(),
    limit: QueryInteger({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
  });
