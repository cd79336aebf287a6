/**
 * Link texts as the storefront shows them. Imported texts often repeat themselves ("Similar at
 * Revolve at Revolve", "Shop Shop the dress"): a repeated trailing "at X" and any word or phrase
 * said twice in a row (case-insensitively) are said once, keeping the first spelling.
 */
export function cleanLinkText(text: string): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let changed = true;
  while (changed) {
    changed = false;
    // the longest repeat first, so "at Revolve at Revolve" drops a whole "at Revolve"
    for (let size = Math.floor(words.length / 2); size >= 1 && !changed; size--) {
      for (let start = 0; start + 2 * size <= words.length; start++) {
        if (sameWords(words, start, start + size, size)) {
          words.splice(start + size, size);
          changed = true;
          break;
        }
      }
    }
  }
  return words.join(' ');
}

const key = (word: string) => word.toLocaleLowerCase().replace(/[.,;:!]+$/, '');

function sameWords(words: string[], a: number, b: number, size: number): boolean {
  for (let i = 0; i < size; i++) if (key(words[a + i]!) !== key(words[b + i]!)) return false;
  return true;
}

/**
 * Whether a link leads to a similar item rather than the one worn: our importers write such links'
 * texts as "Similar …" ("Similar at Amazon $34.99", "Similar style"); every other link is the exact
 * item.
 */
export function isSimilarItem(text: string): boolean {
  return /^similar\b/i.test(text.trim());
}

export const matchLabel = (text: string) => (isSimilarItem(text) ? 'Similar' : 'Exact item');
