import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postsApi, type AdminPostUpdate, type BulkCallAction, type ModerationAction } from './posts-api.ts';
import { moderateInBatches, type BulkProgress } from './bulk-batches.ts';
import type { RestoreCall } from '../undo-moderation.ts';
import type { PostListParams } from '../url-state.ts';

// Keys start with 'posts': every write invalidates ['posts'], so this list, an open post and the
// Dashboard's post statistics all reload.

export const getPostListQueryOptions = (params: PostListParams) =>
  queryOptions({ queryKey: ['posts', 'list', params], queryFn: () => postsApi.list(params) });

export const getPostQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['posts', 'detail', id], queryFn: () => postsApi.get(id) });

export const getPostFiltersQueryOptions = () =>
  queryOptions({ queryKey: ['posts', 'filters'], queryFn: postsApi.filters });

export const getShareContentQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['posts', 'share-content', id], queryFn: () => postsApi.shareContent(id) });

export const getBulkShareContentQueryOptions = (postIds: string[]) =>
  queryOptions({
    queryKey: ['posts', 'bulk-share-content', postIds],
    queryFn: () => postsApi.bulkShareContent(postIds),
  });

export const getPublishingStatusQueryOptions = () =>
  queryOptions({ queryKey: ['posts', 'publishing-status'], queryFn: postsApi.publishingStatus });

export function usePostList(params: PostListParams) {
  // the previous page stays on screen while the next one loads (no flash back to the skeleton)
  return useQuery({ ...getPostListQueryOptions(params), placeholderData: (previous) => previous });
}

export function usePost(id: string | null) {
  return useQuery({ ...getPostQueryOptions(id ?? ''), enabled: id !== null });
}

export function usePostFilters() {
  return useQuery(getPostFiltersQueryOptions());
}

export function useShareContent(id: string | null) {
  return useQuery({ ...getShareContentQueryOptions(id ?? ''), enabled: id !== null, staleTime: 0 });
}

export function useBulkShareContent(postIds: string[] | null) {
  return useQuery({
    ...getBulkShareContentQueryOptions(postIds ?? []),
    enabled: postIds !== null && postIds.length > 0,
    staleTime: 0,
  });
}

export function usePublishingStatus(enabled: boolean) {
  return useQuery({ ...getPublishingStatusQueryOptions(), enabled });
}

function useInvalidatePosts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['posts'] });
}

/** One post approved, rejected (with a reason), hidden, unhidden or deleted. */
export function useModeratePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: (input: { id: string; action: ModerationAction; rejectionReason?: string }) =>
      postsApi.moderate(input.id, input.action, input.rejectionReason),
    onSettled: invalidate,
  });
}

/** The bulk toolbar's actions over the selected ids, in calls of 500 with progress. */
export function useBulkModerate() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: (input: {
      action: BulkCallAction;
      postIds: string[];
      rejectionReason?: string;
      onProgress?: (progress: BulkProgress) => void;
    }) => moderateInBatches(input.action, input.postIds, input.rejectionReason, input.onProgress),
    onSettled: invalidate,
  });
}

/** Undo: gives posts their previous status, one bulk run per restore call. */
export function useRestorePosts() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: async (calls: RestoreCall[]) => {
      let restored = 0;
      for (const call of calls) {
        restored += (await moderateInBatches(call.action, call.postIds, call.rejectionReason)).done;
      }
      return restored;
    },
    onSettled: invalidate,
  });
}

/** "Select all N matching": asked for when the admin chooses it, never cached. */
export function usePostSelection() {
  return useMutation({ mutationFn: (params: PostListParams) => postsApi.selection(params) });
}

export function useUpdatePost() {
  const invalidate = useInvalidatePosts();
  return useMutation({
    mutationFn: (input: { id: string; body: AdminPostUpdate }) => postsApi.update(input.id, input.body),
    onSuccess: invalidate,
  });
}

export function usePublishToSocial() {
  return useMutation({
    mutationFn: (input: { id: string; caption: string; platforms: string[] }) =>
      postsApi.publish(input.id, input.caption, input.platforms),
  });
}
