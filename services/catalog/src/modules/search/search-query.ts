import type { TermToken } from './search.repository.ts';

/** A tsquery lexeme in quotes: backslashes and quotes escaped (PostgreSQL tsquery input syntax). */
function quoteLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * Every word of the term must match (AND). A word matches as a prefix ('housewiv:*'
 * finds 'housewives'); when no indexed word starts with it, it is read as a typo and its nearest
 * indexed words by trigram similarity are accepted too ('loubotin' | 'louboutin').
 * Returns null when the term has no searchable word.
 */
export function buildTsQuery(tokens: readonly TermToken[]): string | null {
  if (tokens.length === 0) return null;
  return tokens
    .map(({ token, hasPrefix, similar }) => {
      const alternatives = [`${quoteLexeme(token)}:*`];
      if (!hasPrefix) alternatives.push(...similar.map(quoteLexeme));
      return `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}

/** The words a name must contain for a term to name it (celebrity and show matching in /api/search). */
export function tokenAlternatives(tokens: readonly TermToken[]): string[][] {
  return tokens.map(({ token, hasPrefix, similar }) => (hasPrefix ? [token] : [token, ...similar]));
}

/** Trims and bounds a search term; null when blank (storefront.md §5: a blank term searches nothing). */
export function normalizeTerm(term: string): string | null {
  const trimmed = term.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed;
}
