import { useEffect, useRef, useState } from 'react';
import {
  invalidConfidenceInputs,
  viewFromSearch,
  searchFromView,
  type Filters,
  type View,
} from '../filters.ts';
import { FILTER_DEBOUNCE_MS } from '../../../config/constants.ts';

/**
 * The screen's view (filters, page, sort) kept in the URL (§2.2): read once from the query string,
 * written back with history.replaceState so no history entry is added per change. `view` follows
 * every keystroke; `applied` is what is loaded: filter changes reach it after 300 ms (back on page 1),
 * page and sort changes at once (§4.4).
 */
export function useViewState(initialSearch: string) {
  const [view, setView] = useState<View>(() => viewFromSearch(initialSearch));
  const [applied, setApplied] = useState<View>(view);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const url = `${window.location.pathname}${searchFromView(view)}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }, [view]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const cancelPending = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };

  /**
   * A filter change: page 1, loaded after the debounce. While a confidence input is out of 0-100 the
   * panel says so and nothing is loaded: the results stay those of the last valid filters.
   */
  const setFilters = (filters: Filters) => {
    const next = { ...view, filters, page: 1 };
    setView(next);
    cancelPending();
    if (invalidConfidenceInputs(filters).length > 0) return;
    timer.current = setTimeout(() => setApplied(next), FILTER_DEBOUNCE_MS);
  };
  /** A page or sort change: loaded at once (with any filter change still waiting). */
  const setNow = (next: View) => {
    cancelPending();
    setView(next);
    setApplied(next);
  };
  return { view, applied, setFilters, setNow };
}
