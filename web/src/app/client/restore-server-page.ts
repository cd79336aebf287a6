import type { QueryClient } from '@tanstack/react-query';
import {
  matchRoutes,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import { PAGE_STATE_ELEMENT_ID, type ServerPageState } from '../../lib/ssr/page-state.ts';

/** The state a server-rendered page carries, or null for the static shell. */
export function readServerPageState(): ServerPageState | null {
  const text = document.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerPageState) : null;
}

/**
 * Puts the server's query cache into the browser's. The data is as fresh as the page (it was read
 * for it), whatever the two clocks say. A query that failed on the server keeps its error, as an
 * ApiError again, and is not retried on mount: the page shows what the server rendered, and its
 * own retry controls ask again.
 */
export function restoreQueries(queryClient: QueryClient, state: ServerPageState): void {
  const now = Date.now();
  for (const query of state.queries.queries) {
    query.state.dataUpdatedAt = now;
    const error = query.state.error as { status?: unknown; serverMessage?: string } | null;
    if (query.state.status === 'error') {
      query.state.error =
        typeof error?.status === 'number'
          ? new ApiError(error.status, error.serverMessage)
          : new Error('Failed');
      query.state.errorUpdatedAt = now;
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
  // what hydrate() does for a query not yet in the cache, without its code for the cases a page
  // load never has (queries already cached, pending promises, mutations): fewer bytes to load
  const cache = queryClient.getQueryCache();
  for (const { queryKey, queryHash, meta, queryType, state: queryState } of state.queries.queries)
    cache.build(
      queryClient,
      { queryKey, queryHash, meta, _type: queryType } as Parameters<typeof cache.build>[1],
      {
        ...queryState,
        fetchStatus: 'idle',
      },
    );
}

/** The router's hydration state, route errors made route error responses again. */
export function routerHydrationData(state: ServerPageState): HydrationState {
  const errors = state.router.errors
    ? Object.fromEntries(
        Object.entries(state.router.errors).map(([id, e]) => [
          id,
          new ErrorResponseImpl(e.status, e.statusText, null),
        ]),
      )
    : null;
  return { loaderData: state.router.loaderData, errors };
}

/**
 * Loads the lazy route modules of the current URL before hydrating: the server rendered them, so
 * the first client render must have them too (else it would render nothing and throw the page away).
 */
export async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
