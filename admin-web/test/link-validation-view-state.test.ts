import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS, DEFAULT_VIEW } from '../src/features/link-validation/filters.ts';
import { useViewState } from '../src/features/link-validation/components/use-view-state.ts';
import { FILTER_DEBOUNCE_MS } from '../src/config/constants.ts';

beforeEach(() => {
  vi.useFakeTimers();
  window.history.replaceState(null, '', '/admin/link-validation?page=3');
});
afterEach(() => vi.useRealTimers());

describe('the screen view: what is shown and what is loaded (§4.4)', () => {
  it('loads a filter change on page 1 once the 300 ms debounce has passed', () => {
    const { result } = renderHook(() => useViewState('?page=3'));
    act(() => result.current.setFilters({ ...DEFAULT_FILTERS, retailer: 'Zara' }));
    expect(result.current.view).toMatchObject({ page: 1, filters: { retailer: 'Zara' } });
    expect(window.location.search).toBe('?retailer=Zara');
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1);
    });
    expect(result.current.applied.page).toBe(3);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.applied).toEqual({
      ...DEFAULT_VIEW,
      filters: { ...DEFAULT_FILTERS, retailer: 'Zara' },
    });
  });

  it('loads nothing while a confidence input is out of 0-100, and the valid value once it is fixed', () => {
    const { result } = renderHook(() => useViewState(''));
    act(() => result.current.setFilters({ ...DEFAULT_FILTERS, minConfidence: '150' }));
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS * 10);
    });
    expect(result.current.view.filters.minConfidence).toBe('150');
    expect(result.current.applied).toEqual(DEFAULT_VIEW);
    act(() => result.current.setFilters({ ...DEFAULT_FILTERS, minConfidence: '15' }));
    act(() => {
      vi.advanceTimersByTime(FILTER_DEBOUNCE_MS);
    });
    expect(result.current.applied.filters.minConfidence).toBe('15');
  });

  it('loads a page or sort change at once, with a filter change still waiting', () => {
    const { result } = renderHook(() => useViewState(''));
    act(() => result.current.setFilters({ ...DEFAULT_FILTERS, show: 'Euphoria' }));
    act(() => result.current.setNow({ ...result.current.view, page: 2 }));
    expect(result.current.applied).toEqual({
      ...DEFAULT_VIEW,
      page: 2,
      filters: { ...DEFAULT_FILTERS, show: 'Euphoria' },
    });
  });
});
