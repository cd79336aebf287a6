import type { SupportPriority, SupportStatus } from './api/support-api.ts';

export const STATUS_LABELS: Record<SupportStatus, string> = {
  unread: 'Unread',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
  archived: 'Archived',
};

export const PRIORITY_LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

const UNITS: [unit: string, seconds: number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** admin.md §2: the list's date as relative time ('... ago'). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (Number.isNaN(seconds)) return iso;
  for (const [unit, size] of UNITS) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'less than a minute ago';
}

export type PageItem = number | 'gap';

/**
 * admin.md §2 numbered pagination: always the first and last page, the current page and its
 * neighbours, and an ellipsis for each run of hidden pages. A run of a single page shows that page
 * instead (an ellipsis standing for one number saves nothing).
 */
export function pageWindow(current: number, pages: number): PageItem[] {
  if (pages < 1) return [];
  const shown = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(previous + 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}
