import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { supportApi, type ListParams, type SupportRequest, type SupportStatus } from './support-api.ts';

// Keys start with 'support' (admin-web/README.md, Server state): a write invalidates ['support'], so
// the list, the open request and the statistics all reload.
const SUPPORT = ['support'] as const;
const LISTS = [...SUPPORT, 'list'] as const;
const STATS = [...SUPPORT, 'stats'] as const;

// A load already under way answers for everyone who asks meanwhile: the list's own reload of the
// statistics and a write's invalidation of both then make one statistics call, not two.
const JOIN_RUNNING = { cancelRefetch: false };

/** The list as Support Requests first shows it: page 1, every status and priority. */
export const FIRST_SUPPORT_LIST: ListParams = { page: 1, status: 'all', priority: 'all' };

/**
 * admin.md §7 GET /admin/support: one page, filtered by status and priority (never the search text).
 * Every load of the list (a page, a filter, Refresh, Try Again, a write) reloads the statistics
 * beside it too, so the cards count the same moment the list shows.
 */
export const getSupportListQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: [...LISTS, params],
    queryFn: ({ client }) => {
      const answer = supportApi.list(params);
      void client.invalidateQueries({ queryKey: STATS }, JOIN_RUNNING);
      return answer;
    },
  });

/** admin.md §7 GET /admin/support/stats: the six counts of the stat cards. */
export const getSupportStatsQueryOptions = () => queryOptions({ queryKey: STATS, queryFn: supportApi.stats });

/** admin.md §7 GET /admin/support/{id}: the request the detail panel shows. */
export const getSupportRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...SUPPORT, 'detail', id], queryFn: () => supportApi.get(id) });

/** The page on screen; the last one stays while the next loads. */
export function useSupportList(params: ListParams) {
  return useQuery({ ...getSupportListQueryOptions(params), placeholderData: keepPreviousData });
}

/** A failed load keeps the last counts: the statistics have no error text of their own (admin.md §8). */
export function useSupportStats() {
  return useQuery(getSupportStatsQueryOptions());
}

/** The open request (none: nothing asked). Keyed by id, so an answer for another request never shows. */
export function useSupportRequest(id: string | null) {
  return useQuery({ ...getSupportRequestQueryOptions(id ?? ''), enabled: id !== null });
}

/** Refresh and Try Again: the list on screen loads again, and the statistics with it. */
export function useReloadSupportList() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: LISTS });
}

/**
 * Reads a request afresh as it is opened (even one read before): admin.md §4 decides on its current
 * status whether opening it sets it to in-progress. A load already under way is joined.
 */
export function useReadSupportRequest() {
  const client = useQueryClient();
  return (id: string) => client.fetchQuery({ ...getSupportRequestQueryOptions(id), staleTime: 0 });
}

function useSupportWrite<V extends { id: string }>(write: (variables: V) => Promise<SupportRequest>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // the answer is the stored request: the open request shows it at once
    onSuccess: (request, { id }) => client.setQueryData(getSupportRequestQueryOptions(id).queryKey, request),
    // not awaited: the buttons come back as soon as the write is answered, not after the reload
    onSettled: () => void client.invalidateQueries({ queryKey: SUPPORT }, JOIN_RUNNING),
  });
}

/** admin.md §4: any status, by button, or in-progress when an unread request is opened. */
export function useSetSupportStatus() {
  return useSupportWrite(({ id, status }: { id: string; status: SupportStatus }) =>
    supportApi.setStatus(id, status),
  );
}

/** admin.md §4: the response is stored and replaces the form. */
export function useRespondToSupport() {
  return useSupportWrite(async ({ id, text }: { id: string; text: string }) => {
    try {
      return await supportApi.respond(id, text);
    } catch (e) {
      // 409: another admin answered meanwhile; show the stored response rather than the form
      if (e instanceof ApiError && e.status === 409) return supportApi.get(id);
      throw e;
    }
  });
}
