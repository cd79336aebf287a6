import {
  LinkValidationLimits,
  type BulkPostsAnswer,
  type LinkCheckNowAnswer,
  type LinkHealthDay,
  type LinkHealthHistoryAnswer,
  type LinkStatusChangeAnswer,
  type LinkStatusValue,
  type LinkValidationResultsAnswer,
  type LinkValidationStats,
  type PostLinkDetails,
  type AlertLinkWaitingAnswer,
  type ErrorBody,
} from '@celebstyle/contracts';
import { adminFetch, adminRequest } from '../../../lib/api-client.ts';
import { percentToFraction } from '../confidence.ts';
import { ALL_STATUSES, type View } from '../filters.ts';
import type { BulkCall } from '../post-status.ts';

/** GET /admin/link-validation/history: one row per day (link counts by health). */
export type HealthDay = LinkHealthDay;
export type HealthHistory = LinkHealthHistoryAnswer;
/** 202 answer of the check routes: the check is queued; a result checked after requestedAt is new. */
export type CheckQueued = LinkCheckNowAnswer;

/** §8 texts of this screen. */
export const LinkValidationErrors = {
  list: 'Failed to load data',
  export: 'Export failed',
  details: 'Failed to load link details',
  statusFailed: 'Status Update Failed',
  statusFailedDefault: 'An error occurred while updating link status',
  statusUpdated: 'Link Status Updated',
  postStatusFailed: 'Status update failed',
  postStatusFailedDefault: 'An unknown error occurred',
  postStatusUpdated: 'Post status updated',
  bulkDone: 'Bulk operation completed',
  bulkFailed: 'Bulk operation failed',
} as const;

/** The filter part of a results or export call: blanks dropped, confidence percent → fraction. */
export function filterParams(view: View): Record<string, string | number> {
  const { filters } = view;
  const params: Record<string, string | number> = { sortBy: view.sortBy, sortOrder: view.sortOrder };
  for (const [key, value] of Object.entries(filters)) {
    if (value.trim() === '') continue;
    if (key === 'linkStatus' && value === ALL_STATUSES) continue;
    if (key === 'minConfidence' || key === 'maxConfidence') {
      const fraction = percentToFraction(value);
      if (fraction !== null) params[key] = fraction;
      continue;
    }
    params[key] = value.trim();
  }
  return params;
}

/** §7 results query string: filters, page, limit 50 and the sort. */
export function resultsQuery(view: View): string {
  const entries = Object.entries({
    ...filterParams(view),
    page: view.page,
    limit: LinkValidationLimits.pageSizeDefault,
  });
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

/** The local date as YYYY-MM-DD (the export's file name). */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const BASE = '/admin/link-validation';
const json = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

export const linkValidationApi = {
  /** Shopper alerts (newsletter-support): how many shoppers wait on a link. */
  waitingShoppers: async (linkId: string) =>
    (await adminRequest<AlertLinkWaitingAnswer>(`/admin/alerts/links/${encodeURIComponent(linkId)}`)).data
      .waiting,
  results: (view: View) => adminRequest<LinkValidationResultsAnswer>(`${BASE}/results?${resultsQuery(view)}`),
  stats: () => adminRequest<LinkValidationStats>(`${BASE}/stats`),
  history: (days: number) => adminRequest<HealthHistory>(`${BASE}/history?days=${days}`),
  postLinks: (postId: string) =>
    adminRequest<PostLinkDetails>(`${BASE}/posts/${encodeURIComponent(postId)}/links`),
  setLinkStatus: (postId: string, linkIndex: number, newStatus: LinkStatusValue) =>
    adminRequest<LinkStatusChangeAnswer>(`${BASE}/link-status`, {
      method: 'PUT',
      body: JSON.stringify({ postId, linkIndex, newStatus }),
    }),
  checkLink: (linkId: string) =>
    adminRequest<CheckQueued>(`${BASE}/links/${encodeURIComponent(linkId)}/check`, { method: 'POST' }),
  checkPost: (postId: string) =>
    adminRequest<CheckQueued>(`${BASE}/posts/${encodeURIComponent(postId)}/check`, { method: 'POST' }),
  bulk: (call: BulkCall, postIds: string[]) =>
    adminRequest<BulkPostsAnswer>(
      `/admin/posts/bulk-${call.action}`,
      json(call.rejectionReason ? { postIds, rejectionReason: call.rejectionReason } : { postIds }),
    ),
  /**
   * §7 export: the filters and sort, page 1, limit 10,000; the CSV comes back as a file (not JSON, so
   * adminFetch, which refreshes an expired token like every admin call). §8 'Export failed' plus the
   * status text, or the server's message.
   */
  async export(view: View): Promise<{ blob: Blob; fileName: string; cutAt: number | null }> {
    const res = await adminFetch(
      `${BASE}/export`,
      json({ ...filterParams(view), page: 1, limit: LinkValidationLimits.exportRowsMax }),
    );
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as Partial<ErrorBody> | null;
      throw new Error(body?.message ?? `${LinkValidationErrors.export}: ${res.statusText || res.status}`);
    }
    const named = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '');
    // Present when more links match than the file holds (the server cut it at that many rows).
    const cutAt = Number(res.headers.get('x-export-cut-at') ?? '') || null;
    return { blob: await res.blob(), fileName: named?.[1] ?? `link-validation-${localDate()}.csv`, cutAt };
  },
};
