/** Lowercase without accents, so 'Beyoncé' and 'beyonce' compare equal. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * How well a search term names a celebrity or show (0 = not at all): 3 when the name starts with the
 * term, 2 when it contains it (storefront.md §7: substring filtering), 1 when every word of the term,
 * or one of its typo corrections, starts a word of the name ('kyle richads' → Kyle Richards).
 */
export function nameMatchScore(name: string, term: string, alternatives: readonly string[][]): number {
  const folded = fold(name);
  const needle = fold(term);
  if (folded.startsWith(needle)) return 3;
  if (folded.includes(needle)) return 2;
  if (alternatives.length === 0) return 0;
  const words = folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const every = alternatives.every((options) =>
    options.some((option) => words.some((word) => word.startsWith(fold(option)))),
  );
  return every ? 1 : 0;
}
