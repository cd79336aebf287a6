import type { PostListQuery } from '@celebstyle/contracts';
import { showSpellings } from '../shows/show-names.ts';
import { resolveNames, splitNameList, type KnownName } from './name-resolution.ts';

/** The Fashion listing's filters after name resolution, ready for SQL (all values lowercase). */
export interface PostFilters {
  /** lower(show) values (each show key with and without 'the '). */
  shows: string[] | null;
  celebrities: string[] | null;
  brands: string[] | null;
  productTypes: string[] | null;
  platform: 'bigblondehair' | 'wornontv' | null;
  /** Lowercase substring over title, celebrity, show and brand (storefront.md §5). */
  search: string | null;
  filter: 'latest' | 'top' | null;
  /** The card's price bounds (PostOffer), in each price's own currency. */
  minPrice: number | null;
  maxPrice: number | null;
}

export interface NameDirectories {
  shows(): Promise<KnownName[]>;
  celebrities(): Promise<KnownName[]>;
}

const lowerList = (value: string | undefined) => {
  const list = splitNameList(value).map((v) => v.toLowerCase());
  return list.length > 0 ? list.sort() : null;
};

export async function resolvePostFilters(query: PostListQuery, names: NameDirectories): Promise<PostFilters> {
  const requestedShows = splitNameList(query.show);
  const requestedCelebrities = splitNameList(query.celebrity);
  const [showKeys, celebrityKeys] = await Promise.all([
    requestedShows.length > 0 ? names.shows().then((k) => resolveNames('show', requestedShows, k)) : null,
    requestedCelebrities.length > 0
      ? names.celebrities().then((k) => resolveNames('celebrity', requestedCelebrities, k))
      : null,
  ]);
  const search = query.search?.trim().replace(/\s+/g, ' ').toLowerCase();
  return {
    shows: showKeys ? [...new Set(showKeys.flatMap((key) => showSpellings(key)))].sort() : null,
    celebrities: celebrityKeys ? [...celebrityKeys].sort() : null,
    brands: lowerList(query.brand),
    productTypes: lowerList(query.product),
    platform: query.platform ?? null,
    search: search ? search : null,
    filter: query.filter ?? null,
    minPrice: query.minPrice ?? null,
    maxPrice: query.maxPrice ?? null,
  };
}

/** A stable text of the filters, part of cache keys (same filters → same key). */
export function filterCacheKey(filters: PostFilters): string {
  return JSON.stringify([
    filters.shows,
    filters.celebrities,
    filters.brands,
    filters.productTypes,
    filters.platform,
    filters.search,
    filters.filter,
    filters.minPrice,
    filters.maxPrice,
  ]);
}
