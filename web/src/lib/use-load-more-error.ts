import { useCallback, useEffect, useState } from 'react';
import { serverMessage } from './api-client.ts';
import { LOAD_MORE_ERROR_MS } from '../config/constants.ts';

export const LOAD_MORE_FAILED = 'Failed to load more posts. Please try again.';

/**
 * storefront.md §4, §8: a failed 'more' page keeps what is shown and says 'Failed to load more
 * posts. Please try again.' (or the server's own message of a refused request) for 5 s.
 */
export function useLoadMoreError(): [string | null, (error: unknown) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(null), LOAD_MORE_ERROR_MS);
    return () => clearTimeout(t);
  }, [message]);
  const report = useCallback((error: unknown) => setMessage(serverMessage(error) ?? LOAD_MORE_FAILED), []);
  return [message, report];
}
