import type { PostListAnswer } from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inputCacheName, type AggregateCache } from '../../lib/aggregate-cache.ts';
import { pageOffset, postPagination } from '../../lib/pagination.ts';
import { loadPublicPosts } from '../public-posts/public-posts.repository.ts';
import { buildTsQuery, normalizeTerm } from './search-query.ts';
import { searchPostIds, tokenizeTerm } from './search.repository.ts';

export const BLANK_TERM_MESSAGE = 'Search term must not be blank';

export interface SearchContext {
  db: Kysely<Database>;
  cache: AggregateCache;
  pageCache: AggregateCache;
}

/** A blank term is refused before any query runs (storefront.md §5). */
export function requireTerm(term: string): string {
  const normalized = normalizeTerm(term);
  if (normalized === null) throw badRequest(BLANK_TERM_MESSAGE);
  return normalized;
}

/** GET /api/posts/search/{term}: ranked, typo-tolerant full-text search over approved posts. */
export async function searchPosts(
  ctx: SearchContext,
  rawTerm: string,
  page: number,
  limit: number,
): Promise<PostListAnswer> {
  const term = requireTerm(rawTerm);
  // Whole answers are cached briefly (pageCache): per data and views version, term, page and limit.
  return ctx.pageCache.get(inputCacheName('post-search', term.toLowerCase(), page, limit), async () => {
    const query = buildTsQuery(await tokenizeTerm(ctx.db, term));
    const ranked =
      query === null
        ? { ids: [], total: 0 }
        : await searchPostIds(ctx.db, query, pageOffset(page, limit), limit);
    const posts = await loadPublicPosts(ctx.db, ranked.ids);
    return { posts, pagination: postPagination(page, limit, ranked.total) };
  });
}
