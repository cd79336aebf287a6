import type {
  AdminShow,
  AdminShowListAnswer,
  AdminShowUpdate,
  CatalogDeletedAnswer,
  ShowRefreshAnswer,
  ShowStatus,
} from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';
import { SHOWS_PAGE_SIZE } from '../../../config/constants.ts';

export type { AdminShow, AdminShowListAnswer, AdminShowUpdate, ShowStatus };

/** admin.md §8 Shows, and the TVmaze refresh (beyond the spec). */
export const ShowMessages = {
  load: 'Failed to load shows',
  update: 'Failed to update show',
  remove: 'Failed to delete show',
  refresh: 'Failed to refresh show from TVmaze',
} as const;

const showUrl = (id: string) => `/admin/shows/${encodeURIComponent(id)}`;

export const showsApi = {
  /** admin.md §7: GET /admin/shows with page and limit 20. */
  list: (page: number) =>
    adminRequest<AdminShowListAnswer>(`/admin/shows?page=${page}&limit=${SHOWS_PAGE_SIZE}`),
  update: (id: string, input: AdminShowUpdate) =>
    adminRequest<AdminShow>(showUrl(id), { method: 'PUT', body: JSON.stringify(input) }),
  remove: (id: string) => adminRequest<CatalogDeletedAnswer>(showUrl(id), { method: 'DELETE' }),
  /** Beyond the spec: queue a fresh TVmaze lookup (202); the list shows its result once it lands. */
  refreshFromTvmaze: (id: string) =>
    adminRequest<ShowRefreshAnswer>(`${showUrl(id)}/refresh-from-tvmaze`, {
      method: 'POST',
    }),
};
