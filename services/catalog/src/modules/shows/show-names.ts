import { toSlug, withoutLeadingThe } from '@celebstyle/slugs';

/** The matching key of a show name: lowercase, without a leading 'The' (storefront.md §4). */
export function showKey(name: string): string {
  return withoutLeadingThe(name).toLowerCase();
}

/** The spellings of a show key that posts may carry: with and without the leading 'The'. */
export function showSpellings(name: string): string[] {
  const key = showKey(name);
  return [key, `the ${key}`];
}

/** The slug of a show key ('the-office' and 'office' are the same show). */
export function showKeySlug(nameOrSlug: string): string {
  return toSlug(nameOrSlug).replace(/^the-/, '');
}

/**
 * What a /show/{showName} path segment may mean: a slug or a name, with or without 'The'
 * (storefront.md §2: both /show/{showName} and /shows/{showName} are linked).
 */
export function showNameCandidates(input: string): { slugs: string[]; lowerNames: string[] } {
  const keySlug = showKeySlug(input);
  const words = [showKey(input), showKey(keySlug.replace(/-/g, ' '))];
  return {
    slugs: [...new Set([toSlug(input), keySlug, `the-${keySlug}`])],
    lowerNames: [...new Set(words.flatMap((w) => [w, `the ${w}`]))],
  };
}
