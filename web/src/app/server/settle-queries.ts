import type { Query, QueryClient } from '@tanstack/react-query';

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/**
 * The queries a render asked for and that have no answer yet. In a server render useQuery only
 * registers its query (fetching starts in an effect, which never runs there), so the renderer
 * fetches these and renders again.
 */
export function unansweredQueries(queryClient: QueryClient): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'pending' && isEnabled(query));
}

/** Fetches every unanswered query (one already in flight, a loader's prefetch, is joined, not repeated). */
export async function answerQueries(queries: Query[]): Promise<void> {
  await Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
}
