import { describe, expect, it } from 'vitest';
import { checkIntervalsFrom, DEFAULT_CHECK_INTERVALS } from '../../src/modules/scheduling/check-intervals.ts';
import { checkOutcome, type LinkState } from '../../src/modules/scheduling/check-outcome.ts';

const intervals = { ...DEFAULT_CHECK_INTERVALS, jitter: 0 };
const state = (overrides: Partial<LinkState> = {}): LinkState => ({
  linkStatus: 'active',
  strikes: 0,
  errorStreak: 0,
  overriddenStatus: null,
  ...overrides,
});
const HOUR = 3_600_000;

describe('checkOutcome: two strikes', () => {
  it('keeps an active link active after one failed check and asks for a confirming check soon', () => {
    const first = checkOutcome(state(), '404', null, intervals);
    expect(first).toMatchObject({
      linkStatus: 'active',
      strikes: 1,
      statusChanged: false,
      nextCheckInMs: intervals.confirmMs,
    });
  });

  it('flips it on the second failed check in a row', () => {
    const second = checkOutcome(state({ strikes: 1 }), '404', null, intervals);
    expect(second).toMatchObject({
      linkStatus: '404',
      strikes: 0,
      statusChanged: true,
      nextCheckInMs: intervals.brokenMs,
    });
  });

  it('forgets a blip when the next check is healthy', () => {
    expect(checkOutcome(state({ strikes: 1 }), 'active', null, intervals)).toMatchObject({
      linkStatus: 'active',
      strikes: 0,
      statusChanged: false,
    });
  });

  it('takes any verdict at once for a link that is not active (a repaired link shows at once)', () => {
    expect(checkOutcome(state({ linkStatus: '404' }), 'active', null, intervals)).toMatchObject({
      linkStatus: 'active',
      statusChanged: true,
      nextCheckInMs: 24 * HOUR,
    });
    expect(checkOutcome(state({ linkStatus: 'unknown' }), 'sold_out', null, intervals)).toMatchObject({
      linkStatus: 'sold_out',
      nextCheckInMs: 6 * HOUR,
    });
  });
});

describe('checkOutcome: intervals', () => {
  it('checks active links rarely, sold-out and broken ones often', () => {
    expect(checkOutcome(state({ linkStatus: 'unknown' }), 'active', null, intervals).nextCheckInMs).toBe(
      intervals.activeMs,
    );
    expect(checkOutcome(state({ linkStatus: 'sold_out' }), 'sold_out', null, intervals).nextCheckInMs).toBe(
      intervals.soldOutMs,
    );
    expect(checkOutcome(state({ linkStatus: '404' }), 'product_removed', null, intervals).nextCheckInMs).toBe(
      intervals.brokenMs,
    );
    expect(intervals.activeMs).toBeGreaterThan(intervals.soldOutMs);
  });

  it('backs off after checks that cannot judge the link, doubling up to the cap', () => {
    const waits = [0, 1, 2, 3, 10].map((streak) =>
      checkOutcome(state({ linkStatus: 'unknown', errorStreak: streak }), 'server_error', null, intervals),
    );
    expect(waits.map((w) => w.errorStreak)).toEqual([1, 2, 3, 4, 11]);
    expect(waits.map((w) => w.nextCheckInMs)).toEqual([
      intervals.errorBaseMs,
      intervals.errorBaseMs * 2,
      intervals.errorBaseMs * 4,
      intervals.errorBaseMs * 8,
      intervals.errorMaxMs,
    ]);
  });

  it('never checks before a Retry-After', () => {
    expect(checkOutcome(state({ linkStatus: 'unknown' }), 'unknown', 7_200, intervals).nextCheckInMs).toBe(
      7_200_000,
    );
    expect(checkOutcome(state(), 'unknown', 7_200, intervals)).toMatchObject({
      linkStatus: 'active',
      strikes: 1,
      nextCheckInMs: 7_200_000,
    });
  });

  it('spreads checks by the jitter', () => {
    const low = checkOutcome(state(), 'active', null, DEFAULT_CHECK_INTERVALS, () => 0).nextCheckInMs;
    const high = checkOutcome(state(), 'active', null, DEFAULT_CHECK_INTERVALS, () => 1).nextCheckInMs;
    expect(low).toBe(Math.round(intervals.activeMs * 0.9));
    expect(high).toBe(Math.round(intervals.activeMs * 1.1));
  });
});

describe('checkOutcome: an admin status change', () => {
  it('stands while checks keep returning the verdict it replaced', () => {
    const held = checkOutcome(
      state({ linkStatus: 'active', overriddenStatus: 'access_denied' }),
      'access_denied',
      null,
      intervals,
    );
    expect(held).toMatchObject({ linkStatus: 'active', overrideEnded: false, statusChanged: false });
  });

  it('is superseded by a check that says something else', () => {
    const superseded = checkOutcome(
      state({ linkStatus: 'active', overriddenStatus: 'access_denied', strikes: 1 }),
      '404',
      null,
      intervals,
    );
    expect(superseded).toMatchObject({ linkStatus: '404', overrideEnded: true, statusChanged: true });
  });
});

describe('checkOutcome with the settings of the demo stack (every link again after 3 minutes)', () => {
  it('checks a sold-out and an active link again after the set intervals, and a broken one after its own', () => {
    const demo = { ...checkIntervalsFrom({ activeMs: 180_000, soldOutMs: 180_000 }), jitter: 0 };
    expect(checkOutcome(state({ linkStatus: 'sold_out' }), 'sold_out', null, demo).nextCheckInMs).toBe(
      180_000,
    );
    expect(checkOutcome(state(), 'active', null, demo).nextCheckInMs).toBe(180_000);
    expect(checkOutcome(state({ linkStatus: '404' }), '404', null, demo).nextCheckInMs).toBe(6 * HOUR);
  });
});
