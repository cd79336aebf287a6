import { useEffect, useRef, useState } from 'react';
import { copyText } from '../../../lib/copy-text.ts';

/**
 * Copies text to the clipboard and remembers which copy button was used for `ms` milliseconds
 * (admin.md §9: 2 s, 4 s for the Instagram caption), so that button can read 'Copied!'.
 */
export function useCopyFeedback() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy(key: string, text: string, ms: number): Promise<boolean> {
    if (!(await copyText(text))) return false;
    clearTimeout(timer.current);
    setCopied(key);
    timer.current = setTimeout(() => setCopied(null), ms);
    return true;
  }
  return { copied, copy };
}
