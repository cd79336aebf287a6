import { fold } from '../search/name-match.ts';
import { showKey } from '../shows/show-names.ts';

/** A real name as approved posts carry it (from the cached name directories). */
export interface KnownName {
  /** lower(name); for shows also without a leading 'The'. */
  key: string;
  name: string;
  count: number;
}

export type NameKind = 'show' | 'celebrity';

const REAL_HOUSEWIVES = 'real housewives';

/** The matching key of a requested name: lowercase, and for shows without a leading 'The'. */
export function requestKey(kind: NameKind, requested: string): string {
  const trimmed = requested.trim().replace(/\s+/g, ' ');
  return kind === 'show' ? showKey(trimmed) : trimmed.toLowerCase();
}

/** Splits a query value given as one name or a comma list; blanks are dropped. */
export function splitNameList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * storefront.md §4: names from the URL are matched to real values exactly, then case-insensitively,
 * then by partial match (show names ignore a leading 'The'); 'Real Housewives' selects every show
 * containing that phrase. A partial match picks the real name with the most approved looks, so
 * 'Kyle' means one person, not everyone whose name contains it.
 *
 * Returns the matching keys; a name that matches nothing yields its own key (which then selects no
 * posts, as the spec's client shows 'No products found').
 */
export function resolveNames(
  kind: NameKind,
  requested: readonly string[],
  known: readonly KnownName[],
): string[] {
  const keys = new Set<string>();
  for (const name of requested) {
    for (const key of resolveOne(kind, name, known)) keys.add(key);
  }
  return [...keys];
}

function resolveOne(kind: NameKind, requested: string, known: readonly KnownName[]): string[] {
  const exact = known.filter((entry) => entry.name === requested.trim());
  if (exact.length > 0) return exact.map((entry) => entry.key);
  const key = requestKey(kind, requested);
  // Case-insensitive, and accent-insensitive too: 'khloe kardashian' finds "Khloé Kardashian".
  const folded = fold(key);
  const caseInsensitive = known.filter((entry) => entry.key === key || fold(entry.key) === folded);
  if (caseInsensitive.length > 0) return caseInsensitive.map((entry) => entry.key);
  if (kind === 'show' && folded === REAL_HOUSEWIVES) {
    return known.filter((entry) => entry.key.includes(REAL_HOUSEWIVES)).map((entry) => entry.key);
  }
  const partial = known.filter((entry) => fold(entry.key).includes(folded));
  if (partial.length === 0) return [key];
  const best = partial.reduce((a, b) =>
    b.count > a.count || (b.count === a.count && b.key < a.key) ? b : a,
  );
  return [best.key];
}
