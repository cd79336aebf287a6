import { TOKEN_REFRESH_LOCK } from '../config/constants.ts';
import { tokenStore } from './token-store.ts';

/**
 * Runs `refresh` while holding the console's refresh lock (Web Locks: one holder across every tab of
 * this origin). Tabs share the tokens in local storage and accounts ends the session when a spent
 * refresh token comes back, so a tab that waited for the lock first re-reads the stored access
 * token: if another tab replaced `staleAccessToken` meanwhile, that tab's tokens are used as they
 * are and nothing is refreshed again. Without Web Locks the refresh runs at once (accounts' short
 * reuse grace keeps two tabs refreshing together signed in).
 */
export async function refreshUnderLock(
  staleAccessToken: string | null,
  refresh: () => Promise<boolean>,
): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return refresh();
  return navigator.locks.request(TOKEN_REFRESH_LOCK, async () => {
    const current = tokenStore.access();
    if (current && current !== staleAccessToken) return true;
    return refresh();
  });
}
