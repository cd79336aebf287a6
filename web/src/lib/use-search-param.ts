import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's own state kept in its URL (a list's page number, a letter filter), so Back from a
 * product and a shared link return to the same place. Changing it replaces the current history
 * entry: turning pages does not fill Back with every page seen.
 */
export function useSearchParam(name: string, fallback: string): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? fallback;
  const setValue = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete(name);
          else updated.set(name, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams, name, fallback],
  );
  return [value, setValue];
}

/** The `page` query parameter: a whole number from 1 (anything else reads as 1). */
export function usePageParam(): [number, (page: number) => void] {
  const [raw, setRaw] = useSearchParam('page', '1');
  const parsed = Number(raw);
  const page = Number.isSafeInteger(parsed) && parsed >= 1 ? parsed : 1;
  const setPage = useCallback((next: number) => setRaw(String(Math.max(1, Math.trunc(next)))), [setRaw]);
  return [page, setPage];
}
