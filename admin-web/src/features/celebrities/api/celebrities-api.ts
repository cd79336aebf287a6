import type {
  AdminCelebrity,
  AdminCelebrityListAnswer,
  AdminCelebrityStats,
  AdminCelebrityUpdate,
  CatalogDeletedAnswer,
} from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';
import { CELEBRITY_LIST_LIMIT } from '../../../config/constants.ts';

export type { AdminCelebrity, AdminCelebrityStats, AdminCelebrityUpdate };

/** admin.md §8 Celebrities. */
export const CelebrityMessages = {
  load: 'Failed to load celebrities',
  update: 'Failed to update celebrity',
  remove: 'Failed to delete celebrity',
} as const;

const celebrityUrl = (id: string) => `/admin/celebrities/${encodeURIComponent(id)}`;

export const celebritiesApi = {
  /** admin.md §7: GET /admin/celebrities with page 1 and limit 500. */
  list: () =>
    adminRequest<AdminCelebrityListAnswer>(`/admin/celebrities?page=1&limit=${CELEBRITY_LIST_LIMIT}`),
  stats: () => adminRequest<AdminCelebrityStats>('/admin/celebrities/stats'),
  update: (id: string, input: AdminCelebrityUpdate) =>
    adminRequest<AdminCelebrity>(celebrityUrl(id), { method: 'PUT', body: JSON.stringify(input) }),
  remove: (id: string) => adminRequest<CatalogDeletedAnswer>(celebrityUrl(id), { method: 'DELETE' }),
};
