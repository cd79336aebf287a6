import type { PublicPost } from '@celebstyle/contracts';

export type TopPicksFilters = {
  search: string;
  show: string;
  celebrity: string;
  productType: string;
  brand: string;
};
export const NO_TOP_PICKS_FILTERS: TopPicksFilters = {
  search: '',
  show: '',
  celebrity: '',
  productType: '',
  brand: '',
};

/** §5: case-insensitive over title, celebrity, show, brand, description and product type for top picks. */
export function filterTopPicks(posts: PublicPost[], f: TopPicksFilters): PublicPost[] {
  const term = f.search.trim().toLowerCase();
  const same = (a: string, b: string) => !b || a.toLowerCase() === b.toLowerCase();
  return posts.filter(
    (p) =>
      same(p.show, f.show) &&
      same(p.celebrity, f.celebrity) &&
      same(p.productType || 'Fashion', f.productType) &&
      same(p.brand, f.brand) &&
      (!term ||
        [p.title, p.celebrity, p.show, p.brand, p.description, p.productType].some((v) =>
          v?.toLowerCase().includes(term),
        )),
  );
}

/** Distinct non-empty values, sorted, for a filter dropdown. */
export function optionsOf(posts: PublicPost[], pick: (p: PublicPost) => string): string[] {
  const seen = new Map<string, string>();
  for (const p of posts) {
    const v = pick(p)?.trim();
    if (v && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b));
}
