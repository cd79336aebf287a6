import { ACCESS_TOKEN_STORAGE_KEY } from '../config/constants.ts';

export type OtherTabChange = 'signed-out' | 'signed-in';

/**
 * Tells when another tab of the console signed out (or lost the session) or signed in: every tab
 * keeps its tokens in the same local storage, and the browser sends the other tabs a storage event
 * for each change. A refresh in another tab replaces a token with a new one and is not reported.
 */
export function watchOtherTabs(onChange: (change: OtherTabChange) => void): () => void {
  const listener = (event: StorageEvent) => {
    // key null: the whole storage was cleared (the browser's "clear site data" or clear())
    if (event.key !== null && event.key !== ACCESS_TOKEN_STORAGE_KEY) return;
    if (event.newValue === null) onChange('signed-out');
    else if (event.oldValue === null) onChange('signed-in');
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
