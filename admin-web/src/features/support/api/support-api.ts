import type {
  SupportListAnswer,
  SupportListQuery,
  SupportPriority,
  SupportRequest,
  SupportRequestAnswer,
  SupportStats,
  SupportStatsAnswer,
  SupportStatus,
} from '@celebstyle/contracts';
import { adminRequest } from '../../../lib/api-client.ts';
import { SUPPORT_PAGE_SIZE } from '../../../config/constants.ts';

export type { SupportListAnswer, SupportPriority, SupportRequest, SupportStats, SupportStatus };

/** The screen's list call: a page, and each filter one of the spec's values or 'all' (not sent). */
export type ListParams = Required<Pick<SupportListQuery, 'page' | 'status' | 'priority'>>;
export type StatusFilter = ListParams['status'];
export type PriorityFilter = ListParams['priority'];

/** admin.md §8 Support error texts. */
export const SupportErrors = {
  load: 'Failed to load support requests. Please try again.',
  details: 'Failed to load request details. Please try again.',
  status: 'Failed to update status. Please try again.',
  respond: 'Failed to send response. Please try again.',
} as const;

const BASE = '/admin/support';
// The service accepts either _id or requestId (services/newsletter-support/README.md); we use _id.
const requestUrl = (id: string) => `${BASE}/${encodeURIComponent(id)}`;
const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

/**
 * admin.md §7 Support: page and limit always, status and priority only when not 'all'. The search
 * text is deliberately not sent (§2: held on the screen only).
 */
export function listQuery({ page, status, priority }: ListParams): string {
  const query = new URLSearchParams({ page: String(page), limit: String(SUPPORT_PAGE_SIZE) });
  if (status !== 'all') query.set('status', status);
  if (priority !== 'all') query.set('priority', priority);
  return query.toString();
}

export const supportApi = {
  list: (params: ListParams) => adminRequest<SupportListAnswer>(`${BASE}?${listQuery(params)}`),
  stats: async () => (await adminRequest<SupportStatsAnswer>(`${BASE}/stats`)).data,
  get: async (id: string) => (await adminRequest<SupportRequestAnswer>(requestUrl(id))).data,
  setStatus: async (id: string, status: SupportStatus) =>
    (await adminRequest<SupportRequestAnswer>(requestUrl(id), json('PUT', { status }))).data,
  respond: async (id: string, responseText: string) =>
    (await adminRequest<SupportRequestAnswer>(`${requestUrl(id)}/respond`, json('POST', { responseText })))
      .data,
};

/**
 * admin.md §2: the search box is held on the screen but not sent to the server, so it narrows the
 * loaded page only (by name, e-mail or request id, case-insensitive).
 */
export function filterRequests(requests: SupportRequest[], search: string): SupportRequest[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return requests;
  return requests.filter((r) =>
    [r.name, r.email, r.requestId].some((field) => field.toLowerCase().includes(needle)),
  );
}
