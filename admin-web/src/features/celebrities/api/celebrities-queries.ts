import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { celebritiesApi, type AdminCelebrityUpdate } from './celebrities-api.ts';

// Keys start with 'celebrities'. A rename or delete also changes posts (their celebrity name), so
// writes invalidate 'posts' too.

export const getCelebritiesQueryOptions = () =>
  queryOptions({ queryKey: ['celebrities', 'list'], queryFn: celebritiesApi.list });

export const getCelebrityStatsQueryOptions = () =>
  queryOptions({ queryKey: ['celebrities', 'stats'], queryFn: celebritiesApi.stats });

export function useCelebrities() {
  return useQuery(getCelebritiesQueryOptions());
}

export function useCelebrityStats() {
  return useQuery(getCelebrityStatsQueryOptions());
}

function useInvalidateCelebrities() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['celebrities'] }),
      queryClient.invalidateQueries({ queryKey: ['posts'] }),
    ]);
}

export function useUpdateCelebrity() {
  const invalidate = useInvalidateCelebrities();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminCelebrityUpdate }) =>
      celebritiesApi.update(id, input),
    onSuccess: invalidate,
  });
}

export function useDeleteCelebrity() {
  const invalidate = useInvalidateCelebrities();
  return useMutation({ mutationFn: (id: string) => celebritiesApi.remove(id), onSuccess: invalidate });
}
