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

describe('Fashion listing price range and price sort in the URL', () => {
  it('reads minPrice, maxPrice and sort=price_asc|price_desc from the URL', () => {
    expect(parse('minPrice=10&maxPrice=99.5&sort=price_desc')).toMatchObject({
      minPrice: 10,
      maxPrice: 99.5,
      sortBy: 'price-desc',
    });
    expect(parse('sort=price_asc').sortBy).toBe('price-asc');
    expect(hasFilterParams(new URLSearchParams('maxPrice=20'))).toBe(true);
  });

  it('ignores bounds the API would refuse and reads reversed bounds the right way round', () => {
    expect(parse('minPrice=abc&maxPrice=-4')).toMatchObject({ minPrice: null, maxPrice: null });
    expect(parse('minPrice=Infinity').minPrice).toBeNull();
    expect(parse('minPrice=200&maxPrice=50')).toMatchObject({ minPrice: 50, maxPrice: 200 });
    expect(parse('sort=createdAt').sortBy).toBe('featured'); // other sorts stay local
  });

  it('writes the range and a price sort into the URL and the API query', () => {
    const state = { ...EMPTY_FILTERS, minPrice: 25, maxPrice: 300, sortBy: 'price-asc' as const };
    expect(paramsFromFilters(state).toString()).toBe('minPrice=25&maxPrice=300&sort=price_asc');
    expect(parse(paramsFromFilters(state).toString())).toEqual(state);
    expect(postQueryFromFilters(state)).toMatchObject({
      minPrice: 25,
      maxPrice: 300,
      sort: 'price',
      order: 'asc',
    });
    expect(paramsFromFilters({ ...EMPTY_FILTERS, sortBy: 'popular' }).toString()).toBe('');
    expect(activeFilterCount({ ...EMPTY_FILTERS, maxPrice: 40 })).toBe(1);
  });
});
