import type { PublicPost, TrendingCelebrity } from '@celebstyle/contracts';
import { TRENDING_CELEBS } from '../../config/constants.ts';

/**
 * The celebrities of a few posts with their own picture and their real look count, both from the
 * celebrity directory (GET /api/posts/trending-celebrities), most looks first. A name the directory
 * does not know is left out rather than shown with a count made up from the sample.
 */
export function celebritiesOf(posts: PublicPost[], directory: TrendingCelebrity[]): TrendingCelebrity[] {
  const known = new Map(directory.map((c) => [c.name.toLowerCase(), c]));
  const seen = new Map<string, TrendingCelebrity>();
  for (const post of posts) {
    const entry = known.get(post.celebrity.toLowerCase());
    if (entry) seen.set(entry.name.toLowerCase(), entry);
  }
  return [...seen.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** storefront.md §7, §9: the home's Trending Celebs are the top 12 by look count. */
export function topByLooks(directory: TrendingCelebrity[]): TrendingCelebrity[] {
  return [...directory]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TRENDING_CELEBS);
}
