import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { loadSavedFilters, saveFilters, type FilterState, type SortBy } from '../../../lib/saved-filters.ts';
import {
  activeFilterCount,
  filtersFromParams,
  hasFilterParams,
  paramsFromFilters,
} from '../filter-params.ts';

/**
 * Filter state of the Fashion listing (storefront.md §4): the URL carries the filters (so links
 * like /Fashion?show=X work and the page can be shared), the sort is kept locally, and every
 * change is saved so a return to a bare /fashion restores the last filters.
 */
export function useFashionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [sortBy, setSortBy] = useState<SortBy>(() => {
    if (hasFilterParams(searchParams)) return filtersFromParams(searchParams).sortBy;
    return loadSavedFilters().sortBy;
  });
  const fromUrl = filtersFromParams(searchParams);
  const filters: FilterState = { ...fromUrl, sortBy };

  // A bare /fashion restores the saved filters (once, on arrival).
  useEffect(() => {
    if (hasFilterParams(searchParams)) return;
    const saved = loadSavedFilters();
    if (activeFilterCount(saved) > 0) setSearchParams(paramsFromFilters(saved), { replace: true });
    // only on arrival: later the URL is ours
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Every state the page shows is the state that is saved.
  const serialized = JSON.stringify(filters);
  useEffect(() => saveFilters(JSON.parse(serialized) as FilterState), [serialized]);

  const update = useCallback(
    (next: FilterState) => {
      setSortBy(next.sortBy);
      setSearchParams(paramsFromFilters(next), { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  return { filters, update };
}
