import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkStatusValue } from '@celebstyle/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { linkValidationApi } from './link-validation-api.ts';
import type { View } from '../filters.ts';
import { summarizeModeration, type BulkCall } from '../post-status.ts';
import { HISTORY_DAYS } from '../../../config/constants.ts';

// Keys start with the resource: 'link-validation' for link health, 'posts' for post moderation
// (a bulk action also reloads the link results, whose rows carry the post's status).
const RESOURCE = 'link-validation';

export const getResultsQueryOptions = (view: View) =>
  queryOptions({
    queryKey: [RESOURCE, 'list', view],
    queryFn: () => linkValidationApi.results(view),
    placeholderData: keepPreviousData,
  });

/**
 * The Dashboard reads the same figures: opening Link Validation asks again (the cached ones show
 * meanwhile), so the screen never opens on figures taken before the latest checks.
 */
export const getStatsQueryOptions = () =>
  queryOptions({ queryKey: [RESOURCE, 'stats'], queryFn: linkValidationApi.stats, staleTime: 0 });

/** The chart's history; a 404 (route not deployed) is an answer, not worth a retry. */
export const getHistoryQueryOptions = (days = HISTORY_DAYS) =>
  queryOptions({
    queryKey: [RESOURCE, 'history', days],
    queryFn: () => linkValidationApi.history(days),
    retry: false,
  });

export const getPostLinksQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: [RESOURCE, 'detail', postId],
    queryFn: () => linkValidationApi.postLinks(postId),
  });

export function useResults(view: View) {
  return useQuery(getResultsQueryOptions(view));
}
export function useStats() {
  return useQuery(getStatsQueryOptions());
}
export function useHistory() {
  return useQuery(getHistoryQueryOptions());
}
export function usePostLinks(postId: string | null) {
  return useQuery({ ...getPostLinksQueryOptions(postId ?? ''), enabled: postId !== null });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function useInvalidateLinkHealth() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [RESOURCE] });
}

/**
 * §4.1: the new status is applied locally once the server reports success (the dialog shows it at
 * once, not after the reload), then everything of link health reloads.
 */
export function useSetLinkStatus() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateLinkHealth();
  return useMutation({
    mutationFn: (input: { postId: string; linkIndex: number; newStatus: LinkStatusValue }) =>
      linkValidationApi.setLinkStatus(input.postId, input.linkIndex, input.newStatus),
    onSuccess: (_answer, { postId, linkIndex, newStatus }) => {
      queryClient.setQueryData(getPostLinksQueryOptions(postId).queryKey, (details) =>
        details
          ? {
              ...details,
              links: details.links.map((link) =>
                link.linkIndex === linkIndex ? { ...link, linkStatus: newStatus } : link,
              ),
            }
          : details,
      );
      // not awaited: the toast and the 'Status Changed' note need not wait for the reloads
      void invalidate();
    },
  });
}

/**
 * Runs the catalog bulk calls of one moderation choice in order (§4.2) and sums up, post by post,
 * whether any call changed it (the catalog answers 200 with 'skipped' for a post it left alone).
 */
export function useModeratePosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ calls, postIds }: { calls: BulkCall[]; postIds: string[] }) => {
      const answers = [];
      for (const call of calls) answers.push(await linkValidationApi.bulk(call, postIds));
      return summarizeModeration(postIds, answers);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['posts'] }),
        queryClient.invalidateQueries({ queryKey: [RESOURCE] }),
      ]),
  });
}

export function useExport() {
  return useMutation({ mutationFn: (view: View) => linkValidationApi.export(view) });
}

/** Shoppers with a live alert on a link (the details dialog); the alerts' own resource key. */
export function useWaitingShoppers(linkId: string) {
  return useQuery({
    queryKey: ['alerts', 'links', linkId],
    queryFn: () => linkValidationApi.waitingShoppers(linkId),
  });
}
