import {
  POST_SELECTION_MAX,
  type AdminPostListAnswer,
  type AdminPostListQuery,
  type AdminPostSelectionAnswer,
  type AdminPostSelectionQuery,
} from '@celebstyle/contracts';
import type { Log } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inputCacheName, redisAggregateCache } from '../../lib/aggregate-cache.ts';
import { adminListPagination } from '../../lib/pagination.ts';
import type { StoreContext } from '../../lib/store-context.ts';
import {
  adminPostPage,
  countAdminPosts,
  filterKey,
  matchingPosts,
  searchWalksSortIndex,
} from './admin-post-list.repository.ts';

/** GET /api/admin/posts, with the caches that keep it fast at 200,000 posts under load. */
export interface AdminPostLists {
  list(query: AdminPostListQuery): Promise<AdminPostListAnswer>;
}

export function adminPostLists(store: Pick<StoreContext, 'db' | 'redis' | 'keys'>, log: Log): AdminPostLists {
  // Whole list answers are kept per data version (every post write bumps it, so an admin sees their
  // own change on the next read).
  const listCache = redisAggregateCache({
    redis: store.redis,
    keys: store.keys,
    refreshAfterSeconds: 10,
    ttlSeconds: 60,
    // An answer is 30 to 36 KB of JSON at 20 posts. With the default 16 MB, a round of more than
    // about 450 lists in a minute (the benchmark's 700 combinations) evicted each answer before it
    // was asked again, so every read parsed, serialized and compressed its answer anew.
    memoryBytes: 48 * 1024 * 1024,
    onError: (error) => log.warn({ err: error }, 'admin list cache unavailable'),
  });
  // A count changes only with a write, and every write bumps the data version, which retires it: no
  // refresh within a version (the pages refresh for their view counts, the counts need not), so the
  // filter sets in use are not counted again every 10 s.
  const countCache = redisAggregateCache({
    redis: store.redis,
    keys: store.keys,
    refreshAfterSeconds: 600,
    ttlSeconds: 600,
    onError: (error) => log.warn({ err: error }, 'admin list count cache unavailable'),
  });

  // The count depends on the filters only: paging or re-sorting a list does not count again.
  const countOf = (query: AdminPostListQuery) =>
    countCache.get(inputCacheName('admin-posts-count', filterKey(query)), () =>
      countAdminPosts(store.db, query),
    );

  async function listPage(query: AdminPostListQuery): Promise<AdminPostListAnswer> {
    let posts;
    let total: number;
    if (query.search?.trim()) {
      // A searched page's plan depends on how many posts match (searchWalksSortIndex); both counts
      // are cached per data version, so a list pays for them once, not per page or sort.
      const [matches, postsOfStatus] = await Promise.all([
        countOf(query),
        countOf({
          status: query.status,
          sortBy: 'createdAt',
          sortOrder: 'desc',
          page: 1,
          limit: query.limit,
        }),
      ]);
      total = matches;
      posts = await adminPostPage(store.db, query, {
        walkSortIndex: searchWalksSortIndex(query, matches, postsOfStatus),
      });
    } else {
      [posts, total] = await Promise.all([adminPostPage(store.db, query), countOf(query)]);
    }
    return {
      posts,
      pagination: adminListPagination('totalPosts', query.page, query.limit, total),
    };
  }

  return {
    list: (query) =>
      listCache.get(inputCacheName('admin-posts', JSON.stringify(Object.entries(query).sort())), () =>
        listPage(query),
      ),
  };
}

/** GET /api/admin/posts/selection: "select all N matching", up to POST_SELECTION_MAX of them. */
export async function selectMatchingPosts(
  db: Kysely<Database>,
  query: AdminPostSelectionQuery,
): Promise<AdminPostSelectionAnswer> {
  const [total, rows] = await Promise.all([
    countAdminPosts(db, { ...query, page: 1, limit: 1 }),
    matchingPosts(db, query, POST_SELECTION_MAX),
  ]);
  return {
    total,
    posts: rows.map((row) => ({ _id: row.id, status: row.status, rejectionReason: row.rejection_reason })),
  };
}
