import { notify } from './toast.tsx';

/**
 * Copies text for a Copy button. The browser may refuse (no permission, or no clipboard at all on a
 * page served over plain http from another host): then the admin is told, instead of a button that
 * silently does nothing.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    notify.error('Copy Failed', 'The browser did not allow copying: select the text and copy it yourself.');
    return false;
  }
}
