import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  filtersFromParams,
  hasFilterParams,
  isShowOption,
  paramsFromFilters,
  postQueryFromFilters,
  splitList,
} from '../src/features/fashion/filter-params.ts';
import { EMPTY_FILTERS } from '../src/lib/saved-filters.ts';

const parse = (qs: string) => filtersFromParams(new URLSearchParams(qs));

describe('Fashion listing filters from the URL (storefront.md §2, §4)', () => {
  it('reads one name or a comma list for show and celebrity, trimming and de-duplicating', () => {
    const f = parse(
      'show=Emily%20in%20Paris,%20The%20White%20Lotus,,emily%20in%20paris&celebrity=Lily%20Collins',
    );
    expect(f.show).toEqual(['Emily in Paris', 'The White Lotus']);
    expect(f.celebrity).toEqual(['Lily Collins']);
  });

  it('maps filter=latest and filter=top to their modes and ignores other values', () => {
    expect(parse('filter=latest')).toMatchObject({ latestDrops: true, topPicks: false, sortBy: 'newest' });
    expect(parse('filter=top')).toMatchObject({ topPicks: true, latestDrops: false });
    expect(parse('filter=bogus')).toMatchObject({ topPicks: false, latestDrops: false });
  });

  it('reads brand, product and search, and treats t as a cache-buster only', () => {
    expect(parse('brand=Chanel&product=Dress&search=%20red%20&t=123')).toMatchObject({
      brand: ['Chanel'],
      product: ['Dress'],
      search: 'red',
    });
    expect(hasFilterParams(new URLSearchParams('t=123'))).toBe(false);
    expect(hasFilterParams(new URLSearchParams('show=X'))).toBe(true);
  });

  it('round-trips a filter state through the URL', () => {
    const state = { ...EMPTY_FILTERS, show: ['A B', 'C'], brand: ['Dior'], topPicks: true, search: 'silk' };
    expect(filtersFromParams(paramsFromFilters(state))).toMatchObject({
      show: ['A B', 'C'],
      brand: ['Dior'],
      topPicks: true,
      search: 'silk',
    });
    expect(activeFilterCount(state)).toBe(5);
  });

  it('asks the server to filter and sort', () => {
    expect(
      postQueryFromFilters({ ...EMPTY_FILTERS, show: ['A', 'B'], sortBy: 'name-az', latestDrops: true }),
    ).toEqual({
      sort: 'title',
      order: 'asc',
      filter: 'latest',
      show: 'A,B',
      celebrity: undefined,
      brand: undefined,
      product: undefined,
      search: undefined,
    });
    expect(postQueryFromFilters({ ...EMPTY_FILTERS, sortBy: 'popular' })).toMatchObject({
      sort: 'viewCount',
      order: 'desc',
    });
  });

  it('keeps show options of at least 4 characters and at most 5 words (§5)', () => {
    expect(isShowOption('You')).toBe(false);
    expect(isShowOption('Suits')).toBe(true);
    expect(isShowOption('The Real Housewives of Atlanta')).toBe(true);
    // the 5-word rule counts meaningful words only: no Real Housewives city is hidden
    for (const city of ['Beverly Hills', 'New York City', 'Orange County', 'Salt Lake City'])
      expect(isShowOption(`The Real Housewives of ${city}`), city).toBe(true);
    expect(isShowOption('Watch the best red carpet looks of the season here')).toBe(false);
    expect(splitList(null)).toEqual([]);
  });
});

describe('a search term from the URL longer than the API takes', () => {
  it('is cut to 200 characters instead of ending in an error page', () => {
    const long = `${'gold hoop earrings '.repeat(20)}end`;
    const state = filtersFromParams(new URLSearchParams({ search: long }));
    expect(state.search.length).toBeLessThanOrEqual(200);
    expect(long.startsWith(state.search)).toBe(true);
  });
});
