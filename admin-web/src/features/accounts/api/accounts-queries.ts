import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountsApi, type AdminListAnswer, type AdminRecord } from './accounts-api.ts';

// Keys start with 'admins', as the Dashboard's admin statistics do: marking ['admins'] stale after a
// change here makes those figures load again too, instead of showing the count from before.
const ADMINS = ['admins'] as const;

/** admin.md §7 GET /admin/accounts: one page of 10, optionally searched. */
export const getAdminListQueryOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: [...ADMINS, 'list', { page, search }],
    queryFn: () => accountsApi.list(page, search),
  });

/** The page on screen; the previous one stays while the next loads. */
export function useAdminList(page: number, search: string) {
  return useQuery({ ...getAdminListQueryOptions(page, search), placeholderData: keepPreviousData });
}

/** What a change to the admins does to the cached answers. */
export function useAdminsChanged() {
  const client = useQueryClient();
  return {
    /** An admin came or went: the open list loads again, every other admins answer is stale. */
    addedOrRemoved: () => client.invalidateQueries({ queryKey: ADMINS }),
    /**
     * An admin changed in place: the answer carries it, so the lists take it from there without a
     * new call; the rest (statistics, other pages) is only marked stale and loads when next shown.
     */
    updated(admin: AdminRecord) {
      client.setQueriesData<AdminListAnswer>(
        { queryKey: [...ADMINS, 'list'] },
        (list) => list && { ...list, admins: list.admins.map((a) => (a._id === admin._id ? admin : a)) },
      );
      return client.invalidateQueries({ queryKey: ADMINS, refetchType: 'none' });
    },
  };
}
