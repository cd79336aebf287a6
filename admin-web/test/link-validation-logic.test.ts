import { describe, expect, it } from 'vitest';
import type { PostLinkDetails, PostStatus } from '@celebstyle/contracts';
import { filterParams, resultsQuery } from '../src/features/link-validation/api/link-validation-api.ts';
import { checkArrived } from '../src/features/link-validation/api/check-now.ts';
import {
  fractionToPercent,
  isPercentInput,
  percentToFraction,
} from '../src/features/link-validation/confidence.ts';
import {
  DEFAULT_FILTERS,
  DEFAULT_VIEW,
  hasActiveFilters,
  nextSort,
  QUICK_FILTERS,
  searchFromView,
  toggleQuickFilter,
  viewFromSearch,
  type View,
} from '../src/features/link-validation/filters.ts';
import { healthShares } from '../src/features/link-validation/health-share.ts';
import {
  badgeColour,
  recommendationLabel,
  stockStatusLabel,
} from '../src/features/link-validation/labels.ts';
import { countOf } from '../src/lib/count-text.ts';
import {
  bulkOperationsFor,
  callsForBulk,
  callsForRowStatus,
  selectionText,
  summarizeModeration,
  UnsupportedOperationError,
} from '../src/features/link-validation/post-status.ts';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const quick = (label: string) => {
  const found = QUICK_FILTERS.find((q) => q.label === label);
  if (!found) throw new Error(`no quick filter ${label}`);
  return found;
};

describe('confidence scale (inputs in percent, API in fractions)', () => {
  it('converts a percent input to the fraction the API takes', () => {
    expect(percentToFraction('80')).toBe(0.8);
    expect(percentToFraction('0')).toBe(0);
    expect(percentToFraction('100')).toBe(1);
    expect(percentToFraction('12.5')).toBe(0.125);
  });
  it('refuses blanks, out-of-range and non-numbers', () => {
    expect(percentToFraction('')).toBeNull();
    expect(percentToFraction('101')).toBeNull();
    expect(percentToFraction('-1')).toBeNull();
    expect(percentToFraction('abc')).toBeNull();
    expect(isPercentInput('')).toBe(true);
    expect(isPercentInput('150')).toBe(false);
  });
  it('shows the presets 0.8 and 0.4 as 80 and 40 in the inputs', () => {
    expect(fractionToPercent(0.8)).toBe('80');
    expect(fractionToPercent(0.4)).toBe('40');
  });
  it('sends the inputs as fractions on the results call, with page size 50', () => {
    const view: View = {
      ...DEFAULT_VIEW,
      filters: { ...DEFAULT_FILTERS, minConfidence: '80', maxConfidence: '95' },
    };
    const query = new URLSearchParams(resultsQuery(view));
    expect(query.get('minConfidence')).toBe('0.8');
    expect(query.get('maxConfidence')).toBe('0.95');
    expect(query.get('limit')).toBe('50');
    expect(query.get('linkStatus')).toBe('active');
    expect(query.get('sortBy')).toBe('postCreated');
    expect(query.get('sortOrder')).toBe('desc');
  });
  it('sends no status filter for All Statuses and drops blanks', () => {
    const params = filterParams({
      ...DEFAULT_VIEW,
      filters: { ...DEFAULT_FILTERS, linkStatus: 'all', search: '  ' },
    });
    expect(params).not.toHaveProperty('linkStatus');
    expect(params).not.toHaveProperty('search');
  });
});

describe('quick filters (§4.3)', () => {
  it('sets the exact parameters of each preset', () => {
    const apply = (label: string) => toggleQuickFilter(DEFAULT_FILTERS, quick(label), NOW);
    expect(apply('Needs Attention').linkStatus).toBe('404');
    expect(apply('Sold Out').linkStatus).toBe('sold_out');
    expect(apply('Broken Links').linkStatus).toBe(
      '404,invalid,server_error,redirect_error,access_denied,product_removed',
    );
    expect(apply('High Confidence').minConfidence).toBe('80');
    expect(apply('Low Confidence').maxConfidence).toBe('40');
    const fixed = apply('Recently Fixed');
    expect(fixed.linkStatus).toBe('active');
    expect(fixed.validatedAfter).toBe('2026-11-19T12:00:00.000Z');
    expect(percentToFraction(apply('High Confidence').minConfidence)).toBe(0.8);
    expect(percentToFraction(apply('Low Confidence').maxConfidence)).toBe(0.4);
  });
  it('keeps the other filters and marks only the applied preset active', () => {
    const filters = toggleQuickFilter({ ...DEFAULT_FILTERS, search: 'dress' }, quick('Broken Links'), NOW);
    expect(filters.search).toBe('dress');
    expect(QUICK_FILTERS.filter((q) => q.isActive(filters)).map((q) => q.label)).toEqual(['Broken Links']);
  });
  it('clears an active preset when clicked again', () => {
    for (const preset of QUICK_FILTERS) {
      const on = toggleQuickFilter(DEFAULT_FILTERS, preset, NOW);
      expect(preset.isActive(on)).toBe(true);
      const off = toggleQuickFilter(on, preset, NOW);
      expect(preset.isActive(off), preset.label).toBe(false);
      expect(off).toEqual(DEFAULT_FILTERS);
    }
  });
  it('replaces the quick filter in force instead of piling presets up', () => {
    const high = toggleQuickFilter(DEFAULT_FILTERS, quick('High Confidence'), NOW);
    const low = toggleQuickFilter(high, quick('Low Confidence'), NOW);
    expect(low.minConfidence).toBe(DEFAULT_FILTERS.minConfidence);
    expect(low.maxConfidence).toBe('40');
    const fixed = toggleQuickFilter({ ...DEFAULT_FILTERS, retailer: 'Zara' }, quick('Recently Fixed'), NOW);
    const soldOut = toggleQuickFilter(fixed, quick('Sold Out'), NOW);
    expect(soldOut).toEqual({ ...DEFAULT_FILTERS, retailer: 'Zara', linkStatus: 'sold_out' });
    expect(QUICK_FILTERS.filter((q) => q.isActive(soldOut)).map((q) => q.label)).toEqual(['Sold Out']);
  });
  it('shows Clear All Filters only when a filter differs from its default', () => {
    expect(hasActiveFilters(DEFAULT_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, retailer: 'Zara' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, linkStatus: 'all' })).toBe(true);
  });
});

describe('URL state', () => {
  it('has no query string for the default view (active links, newest first, page 1)', () => {
    expect(searchFromView(DEFAULT_VIEW)).toBe('');
    expect(viewFromSearch('')).toEqual(DEFAULT_VIEW);
  });
  it('round-trips filters, page and sort', () => {
    const view: View = {
      filters: { ...DEFAULT_FILTERS, linkStatus: '404,invalid', search: 'red dress', minConfidence: '40' },
      page: 3,
      sortBy: 'celebrity',
      sortOrder: 'asc',
    };
    const search = searchFromView(view);
    expect(new URLSearchParams(search).get('linkStatus')).toBe('404,invalid');
    expect(viewFromSearch(search)).toEqual(view);
  });
  it('ignores malformed values', () => {
    const view = viewFromSearch('?page=-2&sortBy=password&sortOrder=up&minConfidence=500&show=Euphoria');
    expect(view.page).toBe(1);
    expect(view.sortBy).toBe('postCreated');
    expect(view.sortOrder).toBe('desc');
    expect(view.filters.minConfidence).toBe('');
    expect(view.filters.show).toBe('Euphoria');
  });
  it('starts a new sort field descending and toggles the same field, back on page 1', () => {
    const byTitle = nextSort({ ...DEFAULT_VIEW, page: 4 }, 'postTitle');
    expect(byTitle).toMatchObject({ sortBy: 'postTitle', sortOrder: 'desc', page: 1 });
    expect(nextSort(byTitle, 'postTitle').sortOrder).toBe('asc');
    expect(nextSort(nextSort(byTitle, 'postTitle'), 'postTitle').sortOrder).toBe('desc');
    expect(nextSort(DEFAULT_VIEW, 'postCreated').sortOrder).toBe('asc');
  });
});

describe('post status mapping (§4.2)', () => {
  it('maps the row dropdown to bulk calls', () => {
    expect(callsForRowStatus('approved')).toEqual([{ action: 'approve' }]);
    expect(callsForRowStatus('rejected')).toEqual([
      { action: 'reject', rejectionReason: 'Rejected from link validation page' },
    ]);
    expect(callsForRowStatus('hidden')).toEqual([{ action: 'hide' }]);
    expect(callsForRowStatus('pending')).toEqual([
      { action: 'unhide' },
      { action: 'reject', rejectionReason: 'Reset to pending from link validation page' },
    ]);
  });
  it('maps the bulk toolbar', () => {
    expect(callsForBulk('reject')).toEqual([
      { action: 'reject', rejectionReason: 'Bulk rejected from link validation page' },
    ]);
    expect(callsForBulk('pending')).toEqual(callsForRowStatus('pending'));
    expect(callsForBulk('unhide')).toEqual([{ action: 'unhide' }]);
  });
  it('raises an error for an unsupported status or operation', () => {
    expect(() => callsForRowStatus('deleted')).toThrow(UnsupportedOperationError);
    expect(() => callsForRowStatus('toString')).toThrow(UnsupportedOperationError);
    expect(() => callsForBulk('delete')).toThrow(UnsupportedOperationError);
  });
});

describe('selection bar rules', () => {
  it('offers only the operations that would change a selected post', () => {
    expect(bulkOperationsFor([])).toEqual([]);
    expect(bulkOperationsFor(['approved', 'approved'])).toEqual(['reject', 'pending', 'hide']);
    expect(bulkOperationsFor(['approved', 'pending'])).toEqual(['approve', 'reject', 'pending', 'hide']);
    expect(bulkOperationsFor(['hidden'])).toEqual(['approve', 'reject', 'pending', 'unhide']);
    expect(bulkOperationsFor(['hidden', 'rejected'])).toEqual([
      'approve',
      'reject',
      'pending',
      'hide',
      'unhide',
    ]);
  });
  it('offers Pending (unhide, then reject) for every post but a rejected one', () => {
    expect(bulkOperationsFor(['pending'])).toEqual(['approve', 'reject', 'pending', 'hide']);
    expect(bulkOperationsFor(['rejected'])).toEqual(['approve', 'hide']);
    expect(bulkOperationsFor(['rejected', 'rejected'])).toEqual(['approve', 'hide']);
  });
  it('sums up the answers of a choice post by post: one call that changed a post counts', () => {
    const outcome = (postId: string, done: boolean, status: PostStatus, message: string | null = null) => ({
      postId,
      outcome: done ? ('done' as const) : ('skipped' as const),
      status,
      message,
    });
    const answer = (results: ReturnType<typeof outcome>[]) => ({ done: 0, skipped: 0, notFound: 0, results });
    // Pending over a hidden, an approved and a rejected post: unhide, then reject
    const summary = summarizeModeration(
      ['h', 'a', 'r'],
      [
        answer([
          outcome('h', true, 'approved'),
          outcome('a', false, 'approved', 'Post is not hidden'),
          outcome('r', false, 'rejected', 'Post is not hidden'),
        ]),
        answer([
          outcome('h', true, 'rejected'),
          outcome('a', true, 'rejected'),
          outcome('r', false, 'rejected', 'Post is already rejected'),
        ]),
      ],
    );
    expect(summary.changed).toEqual(['h', 'a']);
    expect(summary.unchanged).toEqual([{ postId: 'r', message: 'Post is already rejected' }]);
    expect([...summary.statuses]).toEqual([
      ['h', 'rejected'],
      ['a', 'rejected'],
      ['r', 'rejected'],
    ]);
  });
  it('counts the selection', () => {
    expect(selectionText(1)).toBe('1 post(s) selected');
    expect(selectionText(12)).toBe('12 post(s) selected');
  });
});

describe('badges, chart and check-now helpers', () => {
  it('colours badges as §4.6 says', () => {
    expect(['active', 'sold_out', '404', 'invalid', 'server_error', 'unknown'].map(badgeColour)).toEqual([
      'green',
      'yellow',
      'red',
      'red',
      'grey',
      'grey',
    ]);
  });
  it('turns daily counts into shares of the day total', () => {
    expect(
      healthShares([
        { date: '2026-11-25', active: 6, broken: 2, soldOut: 1, unknown: 1, total: 10 },
        { date: '2026-11-26', active: 0, broken: 0, soldOut: 0, unknown: 0, total: 0 },
      ]),
    ).toEqual([
      { date: '2026-11-25', active: 60, broken: 20, soldOut: 10, unknown: 10 },
      { date: '2026-11-26', active: 0, broken: 0, soldOut: 0, unknown: 0 },
    ]);
  });
  it('sees a check as arrived only once the wanted links were checked after the request', () => {
    const link = (linkId: string, lastChecked: string | null) => ({ linkId, lastChecked });
    const details = {
      links: [link('a', '2026-11-26T12:00:05.000Z'), link('b', '2026-11-26T11:00:00.000Z')],
    } as unknown as PostLinkDetails;
    const requestedAt = '2026-11-26T12:00:00.000Z';
    expect(checkArrived(details, requestedAt, 'a')).toBe(true);
    expect(checkArrived(details, requestedAt, 'b')).toBe(false);
    expect(checkArrived(details, requestedAt)).toBe(false);
    expect(checkArrived(details, requestedAt, 'missing')).toBe(false);
  });
});

describe('stored values shown as words', () => {
  it('writes recommendations and stock statuses as words, URL in capitals', () => {
    expect(recommendationLabel('use_cleaned_url')).toBe('Use cleaned URL');
    expect(recommendationLabel('both_broken')).toBe('Both broken');
    expect(stockStatusLabel('in_stock')).toBe('In stock');
    expect(stockStatusLabel('out_of_stock')).toBe('Out of stock');
    expect(stockStatusLabel(null)).toBe('—');
  });

  it('counts in the singular for one', () => {
    expect(countOf(1, 'link')).toBe('1 link');
    expect(countOf(0, 'link')).toBe('0 links');
    expect(countOf(1204, 'link')).toBe('1,204 links');
  });
});
