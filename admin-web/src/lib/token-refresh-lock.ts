import { TOKEN_HANDOVER_WAIT_MS, TOKEN_REFRESH_LOCK } from '../config/constants.ts';
import { recordReplacedToken, wasReplaced } from './replaced-token-record.ts';
import { tokenStore } from './token-store.ts';

/**
 * Runs `refresh` while holding the console's refresh lock (Web Locks: one holder across every tab of
 * this origin). Tabs share the tokens in local storage and accounts ends the session when a spent
 * refresh token comes back, so a tab that waited for the lock first checks whether another tab
 * replaced `staleAccessToken` meanwhile; if so it takes that tab's tokens and refreshes nothing.
 * Without Web Locks the refresh runs at once (accounts' short reuse grace keeps two tabs refreshing
 * together signed in).
 */
export async function refreshUnderLock(
  staleAccessToken: string | null,
  refresh: () => Promise<boolean>,
): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return refresh();
  return navigator.locks.request(TOKEN_REFRESH_LOCK, async () => {
    const current = tokenStore.access();
    if (current && current !== staleAccessToken) return true;
    // this tab's local storage may not show the other tab's tokens yet (replaced-token-record.ts)
    if (current && (await wasReplaced(current))) return tokenReplacing(current);
    const refreshed = await refresh();
    if (refreshed && current) await recordReplacedToken(current);
    return refreshed;
  });
}

/**
 * Waits until this tab's local storage holds the access token that replaced `replaced` (the
 * browser's storage event brings it); false when the session ended there instead. Gives up after
 * TOKEN_HANDOVER_WAIT_MS so the lock is never held for good: true then, so that nothing is cleared
 * (clearing would sign every tab out) and the request that waited is retried once and fails.
 */
function tokenReplacing(replaced: string): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (usable: boolean) => {
      window.removeEventListener('storage', check);
      clearTimeout(giveUp);
      resolve(usable);
    };
    const check = () => {
      const access = tokenStore.access();
      if (access !== replaced) done(access !== null);
    };
    const giveUp = setTimeout(() => done(true), TOKEN_HANDOVER_WAIT_MS);
    window.addEventListener('storage', check);
    check();
  });
}
