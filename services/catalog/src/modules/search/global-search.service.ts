import type { GlobalSearchAnswer, GlobalSearchCelebrity, GlobalSearchShow } from '@celebstyle/contracts';
import { toSlug } from '@celebstyle/slugs';
import { inputCacheName } from '../../lib/aggregate-cache.ts';
import { showKey } from '../shows/show-names.ts';
import { showCatalogue } from '../shows/shows.service.ts';
import type { Directories } from '../trending/directories.service.ts';
import { fold, nameMatchScore } from './name-match.ts';
import { buildTsQuery, tokenAlternatives } from './search-query.ts';
import { searchPostCards, tokenizeTerm } from './search.repository.ts';
import { requireTerm, type SearchContext } from './search.service.ts';
import { splitSlots } from './slot-split.ts';

export interface GlobalSearchContext extends SearchContext {
  directories: Directories;
}

type Scored<T> = T & { score: number };

function best<T extends { count: number; name: string }>(items: Scored<T>[], max: number): T[] {
  return items
    .sort((a, b) => b.score - a.score || b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, max)
    .map(({ score: _score, ...item }) => item as unknown as T);
}

/**
 * GET /api/search: the header's grouped search (storefront.md §7 Composite operations) in one call.
 * Posts come from the full-text search; celebrities and shows from the cached directories,
 * de-duplicated by case-insensitive name keeping the higher count (storefront.md §5), matched by name
 * (shows also by network or genre, storefront.md §7), then the slots are split (slot-split.ts).
 */
export async function globalSearch(
  ctx: GlobalSearchContext,
  rawTerm: string,
  limit: number,
): Promise<GlobalSearchAnswer> {
  const term = requireTerm(rawTerm);
  return ctx.pageCache.get(inputCacheName('global-search', term.toLowerCase(), limit), async () => {
    const tokens = await tokenizeTerm(ctx.db, term);
    const query = buildTsQuery(tokens);
    const alternatives = tokenAlternatives(tokens);
    const [posts, celebrityEntries, showEntries, catalogue] = await Promise.all([
      query === null ? Promise.resolve([]) : searchPostCards(ctx.db, query, limit),
      ctx.directories.celebrities(),
      ctx.directories.shows(),
      showCatalogue(ctx),
    ]);

    const celebrities: Scored<GlobalSearchCelebrity>[] = [];
    for (const entry of celebrityEntries) {
      const score = nameMatchScore(entry.name, term, alternatives);
      if (score > 0) {
        celebrities.push({
          name: entry.name,
          slug: toSlug(entry.name),
          count: entry.count,
          imageUrl: entry.imageUrl,
          score,
        });
      }
    }

    // Show rows first (they carry network and genres), then shows known only from posts; one per key.
    const shows = new Map<string, Scored<GlobalSearchShow>>();
    const needle = fold(term);
    const offer = (show: Scored<GlobalSearchShow>) => {
      const key = showKey(show.name);
      const held = shows.get(key);
      if (!held || show.count > held.count) shows.set(key, show);
    };
    for (const show of catalogue) {
      // A show with no approved look leads nowhere: search names only shows with looks.
      if (show.postCount === 0) continue;
      let score = nameMatchScore(show.name, term, alternatives);
      if (
        score === 0 &&
        (fold(show.network ?? '').includes(needle) || show.genres.some((g) => fold(g).includes(needle)))
      ) {
        score = 1;
      }
      if (score > 0) {
        offer({
          name: show.name,
          slug: toSlug(show.name),
          count: show.postCount,
          imageUrl: show.mediumImage ?? show.originalImage,
          network: show.network,
          score,
        });
      }
    }
    for (const entry of showEntries) {
      const score = nameMatchScore(entry.name, term, alternatives);
      if (score > 0 && !shows.has(entry.key)) {
        offer({
          name: entry.name,
          slug: toSlug(entry.name),
          count: entry.count,
          imageUrl: entry.imageUrl,
          network: null,
          score,
        });
      }
    }

    const rankedCelebrities = best(celebrities, limit);
    const rankedShows = best([...shows.values()], limit);
    const [postSlots, celebritySlots, showSlots] = splitSlots(limit, [
      posts.length,
      rankedCelebrities.length,
      rankedShows.length,
    ]);
    return {
      query: term,
      posts: posts.slice(0, postSlots),
      celebrities: rankedCelebrities.slice(0, celebritySlots),
      shows: rankedShows.slice(0, showSlots),
    };
  });
}
