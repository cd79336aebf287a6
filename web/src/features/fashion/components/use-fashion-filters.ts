import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { loadSavedFilters, saveFilters, type FilterState, type SortBy } from '../../../lib/saved-filters.ts';
import {
  activeFilterCount,
  filtersFromParams,
  hasFilterParams,
  paramsFromFilters,
  sortFromParams,
} from '../filter-params.ts';

/**
 * Filter state of the Fashion listing (storefront.md §4): the URL carries the filters (so links
 * like /Fashion?show=X work and the page can be shared), the sort is kept locally, and every
 * change is saved so a return to a bare /fashion restores the last filters.
 */
export function useFashionFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  // the saved sort is applied on arrival (below), not here: the server, which has no saved
  // filters, rendered the page with the URL's, and the first render in the browser must match it
  const [sortBy, setSortBy] = useState<SortBy>(() => filtersFromParams(searchParams).sortBy);
  // React Router commits a navigation as a transition, so on a slow device a ticked box would stay
  // unticked until the page has re-rendered: the change shows at once, until the router commits.
  const location = useLocation();
  const [requested, setRequested] = useState<{ filters: FilterState; before: string } | null>(null);
  // a price sort is in the URL (shareable); the other sorts are local
  const urlSort = sortFromParams(searchParams);
  const filters: FilterState =
    requested && requested.before === location.key
      ? requested.filters
      : { ...filtersFromParams(searchParams), sortBy: urlSort ?? sortBy };

  // A bare /fashion restores the saved filters (once, on arrival).
  useEffect(() => {
    if (hasFilterParams(searchParams)) return;
    const saved = loadSavedFilters();
    // a saved value the server could not know: applied once the page has hydrated
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!urlSort) setSortBy(saved.sortBy);
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
      setRequested({ filters: next, before: location.key });
      setSearchParams(paramsFromFilters(next), { replace: true, preventScrollReset: true });
    },
    [setSearchParams, location.key],
  );

  return { filters, update };
}
