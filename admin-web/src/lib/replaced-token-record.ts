import { createStore, get, set, type UseStore } from 'idb-keyval';
import { REPLACED_TOKEN_DATABASE } from '../config/constants.ts';

/**
 * The access token the last refresh in any tab replaced, kept in IndexedDB. Local storage cannot
 * tell this: Chromium can hand a tab the refresh lock before another tab's writes to local storage
 * have reached it, so a tab that waited may still read the spent tokens there. IndexedDB answers
 * every tab from one store, and the writer lets the lock go only once its write is committed
 * (idb-keyval's set resolves when its transaction completes).
 * Only expired or revoked access tokens are kept (a refresh follows a 401), never a refresh token.
 * Without IndexedDB, or when it fails, nothing is noted and nothing is found.
 */
const KEY = 'replacedAccessToken';

let store: UseStore | null | undefined;

function replacedTokenStore(): UseStore | null {
  store ??= typeof indexedDB === 'undefined' ? null : createStore(REPLACED_TOKEN_DATABASE, 'refresh');
  return store;
}

/** An IndexedDB call; undefined when it fails, whether it rejects or throws (some private windows throw on open). */
async function quietly<T>(call: () => Promise<T>): Promise<T | undefined> {
  try {
    return await call();
  } catch {
    return undefined;
  }
}

/** Notes that this tab's refresh replaced `accessToken`; resolves once the note is stored. */
export async function recordReplacedToken(accessToken: string): Promise<void> {
  const where = replacedTokenStore();
  if (where) await quietly(() => set(KEY, accessToken, where));
}

/** Whether a refresh in some tab has already replaced `accessToken`. */
export async function wasReplaced(accessToken: string): Promise<boolean> {
  const where = replacedTokenStore();
  if (!where) return false;
  return (await quietly(() => get<string>(KEY, where))) === accessToken;
}
