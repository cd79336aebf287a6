import type { LinkStatus } from '../link-check-engine/link-check-result.ts';

/** How soon each kind of link is checked again (README "Scheduling"). */
export interface CheckIntervals {
  activeMs: number;
  soldOutMs: number;
  brokenMs: number;
  /** After a first failed check of an active link: the confirming second check. */
  confirmMs: number;
  /** First wait after a check that could not judge the link; doubles per such check in a row. */
  errorBaseMs: number;
  errorMaxMs: number;
  /** Spread: each interval is moved by up to this fraction either way, so checks do not bunch. */
  jitter: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const DEFAULT_CHECK_INTERVALS: CheckIntervals = {
  activeMs: 24 * HOUR,
  soldOutMs: 6 * HOUR,
  brokenMs: 6 * HOUR,
  confirmMs: 10 * MINUTE,
  errorBaseMs: 30 * MINUTE,
  errorMaxMs: 24 * HOUR,
  jitter: 0.1,
};

/** The intervals with the settings' active and sold-out intervals (LINK_CHECK_*_INTERVAL_MS). */
export function checkIntervalsFrom(settings: { activeMs: number; soldOutMs: number }): CheckIntervals {
  return { ...DEFAULT_CHECK_INTERVALS, activeMs: settings.activeMs, soldOutMs: settings.soldOutMs };
}

export const UNSURE_STATUSES: ReadonlySet<LinkStatus> = new Set(['unknown', 'server_error', 'access_denied']);
export const BROKEN_STATUSES: ReadonlySet<LinkStatus> = new Set([
  '404',
  'invalid',
  'product_removed',
  'redirect_error',
]);
