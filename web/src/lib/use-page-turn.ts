import { useState } from 'react';
import { useQueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';
import { isAbortError } from './api-client.ts';
import { useLoadMoreError } from './use-load-more-error.ts';

/**
 * Paged lists (show outfits, trending): the page number changes only once the new page has
 * loaded, so a failed page leaves the shown page on screen with the 5-second message
 * (storefront.md §4, §8) instead of replacing the list by an error screen.
 */
export function usePageTurn<T, K extends QueryKey>(
  optionsFor: (page: number) => FetchQueryOptions<T, Error, T, K>,
  setPage: (page: number) => void,
) {
  const queryClient = useQueryClient();
  const [turning, setTurning] = useState(false);
  const [error, reportError] = useLoadMoreError();
  /** Resolves true once the page is shown, false when it failed (and the message shows). */
  async function turnTo(page: number): Promise<boolean> {
    setTurning(true);
    try {
      await queryClient.fetchQuery(optionsFor(page));
      setPage(page);
      return true;
    } catch (e) {
      if (!isAbortError(e)) reportError(e);
      return false;
    } finally {
      setTurning(false);
    }
  }
  return { turning, error, turnTo };
}
