import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { showsApi, type AdminShowUpdate } from './shows-api.ts';

// Keys start with 'shows'. A rename or delete also changes posts and celebrities (their show
// names), so writes invalidate those too.

export const getShowsQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['shows', 'list', page], queryFn: () => showsApi.list(page) });

/** One page of shows; the previous page stays on screen while the next one loads. */
export function useShows(page: number) {
  return useQuery({ ...getShowsQueryOptions(page), placeholderData: keepPreviousData });
}

function useInvalidateShows() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['shows', 'posts', 'celebrities'].map((resource) =>
        queryClient.invalidateQueries({ queryKey: [resource] }),
      ),
    );
}

export function useUpdateShow() {
  const invalidate = useInvalidateShows();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminShowUpdate }) => showsApi.update(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteShow() {
  const invalidate = useInvalidateShows();
  return useMutation({ mutationFn: (id: string) => showsApi.remove(id), onSuccess: invalidate });
}

export function useRefreshShowFromTvmaze() {
  return useMutation({ mutationFn: (id: string) => showsApi.refreshFromTvmaze(id) });
}
