/** Pager arithmetic shared by the top-picks and trending pages (storefront.md §4, §9). */

/** §4: page numbers are clamped between 1 and the last page. */
export function clampPage(page: number, totalPages: number): number {
  const last = Math.max(1, Math.floor(totalPages) || 1);
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.floor(page)));
}

/** Up to `max` consecutive page numbers around the current one (top picks: 5). */
export function numberWindow(current: number, totalPages: number, max: number): number[] {
  const total = Math.max(1, totalPages);
  const size = Math.min(max, total);
  let start = clampPage(current, total) - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, total - size + 1));
  return Array.from({ length: size }, (_, i) => start + i);
}

export type PageSlot = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * At most `slots` page slots with ellipses (trending: 7): first, last, the current page and its
 * neighbours; e.g. 1 … 4 5 6 … 20.
 */
export function pageSlots(current: number, totalPages: number, slots: number): PageSlot[] {
  const total = Math.max(1, totalPages);
  const page = clampPage(current, total);
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const inner = slots - 2; // without first and last
  // near the start: 1 2 3 4 5 … 20
  if (page <= Math.ceil(inner / 2) + 1) {
    return [...Array.from({ length: slots - 2 }, (_, i) => i + 1), 'ellipsis-end', total];
  }
  // near the end: 1 … 16 17 18 19 20
  if (page >= total - Math.ceil(inner / 2)) {
    return [1, 'ellipsis-start', ...Array.from({ length: slots - 2 }, (_, i) => total - (slots - 3) + i)];
  }
  const middle = slots - 4; // first, ellipsis, …, ellipsis, last
  const start = page - Math.floor((middle - 1) / 2);
  return [1, 'ellipsis-start', ...Array.from({ length: middle }, (_, i) => start + i), 'ellipsis-end', total];
}
