import type { LinkStatus } from '../link-check-engine/link-check-result.ts';
import { BROKEN_STATUSES, UNSURE_STATUSES, type CheckIntervals } from './check-intervals.ts';

/** What the link row holds before a check. */
export interface LinkState {
  linkStatus: LinkStatus;
  strikes: number;
  errorStreak: number;
  /** The automatic verdict an admin's status change replaced, while that change stands. */
  overriddenStatus: LinkStatus | null;
}

export interface CheckOutcome {
  /** The status the link shows from now on. */
  linkStatus: LinkStatus;
  strikes: number;
  errorStreak: number;
  /** The admin's status change was superseded by this check. */
  overrideEnded: boolean;
  statusChanged: boolean;
  nextCheckInMs: number;
}

/**
 * The scheduling rules of one check (README "Scheduling"):
 * - an active link becomes anything else only after two checks in a row say so (a blip never
 *   flips it); the first such check asks for a confirming check soon;
 * - any other link takes the new verdict at once (a repaired link shows as active right away);
 * - an admin's status change stands while checks keep returning the verdict it replaced, and is
 *   superseded by the first check that says something else;
 * - the next check comes rarely for active links, often for sold-out and broken ones, and with a
 *   doubling backoff after checks that could not judge the link; a Retry-After is a floor.
 */
export function checkOutcome(
  state: LinkState,
  verdict: LinkStatus,
  retryAfterSeconds: number | null,
  intervals: CheckIntervals,
  random: () => number = Math.random,
): CheckOutcome {
  const errorStreak = UNSURE_STATUSES.has(verdict) ? state.errorStreak + 1 : 0;
  const floorMs = (retryAfterSeconds ?? 0) * 1000;
  const overrideHolds = state.overriddenStatus !== null && verdict === state.overriddenStatus;
  const overrideEnded = state.overriddenStatus !== null && !overrideHolds;
  const base = { errorStreak, overrideEnded, statusChanged: false };

  if (overrideHolds) {
    return {
      ...base,
      linkStatus: state.linkStatus,
      strikes: 0,
      nextCheckInMs: waitAfter(verdict, errorStreak, intervals, random, floorMs),
    };
  }
  if (state.linkStatus === 'active' && verdict !== 'active' && state.strikes + 1 < 2) {
    return {
      ...base,
      linkStatus: 'active',
      strikes: state.strikes + 1,
      nextCheckInMs: Math.max(intervals.confirmMs, floorMs),
    };
  }
  return {
    ...base,
    linkStatus: verdict,
    strikes: 0,
    statusChanged: verdict !== state.linkStatus,
    nextCheckInMs: waitAfter(verdict, errorStreak, intervals, random, floorMs),
  };
}

function waitAfter(
  verdict: LinkStatus,
  errorStreak: number,
  intervals: CheckIntervals,
  random: () => number,
  floorMs: number,
): number {
  let wait: number;
  if (UNSURE_STATUSES.has(verdict))
    wait = Math.min(intervals.errorMaxMs, intervals.errorBaseMs * 2 ** Math.max(0, errorStreak - 1));
  else if (verdict === 'active') wait = intervals.activeMs;
  else if (verdict === 'sold_out') wait = intervals.soldOutMs;
  else if (BROKEN_STATUSES.has(verdict)) wait = intervals.brokenMs;
  else wait = intervals.errorBaseMs;
  const jittered = wait * (1 + intervals.jitter * (2 * random() - 1));
  return Math.round(Math.max(jittered, floorMs));
}
