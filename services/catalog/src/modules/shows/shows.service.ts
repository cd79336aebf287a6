import type {
  Show,
  ShowCastAnswer,
  ShowListAnswer,
  ShowListSort,
  ShowPageHeader,
  ShowPostsAnswer,
} from '@celebstyle/contracts';
import { notFound } from '@celebstyle/service-kit';
import { toSlug } from '@celebstyle/slugs';
import type { Kysely } from 'kysely';
import type { Database, ShowRow } from '../../db/database.ts';
import { inputCacheName, type AggregateCache } from '../../lib/aggregate-cache.ts';
import { derivedAnswers } from '../../lib/derived-answers.ts';
import { listPagination, pageOffset, postPagination } from '../../lib/pagination.ts';
import { countLooks, mostPostedSpelling } from '../public-posts/look-counts.repository.ts';
import { loadNewestPublicPosts } from '../public-posts/public-posts.repository.ts';
import type { Directories } from '../trending/directories.service.ts';
import { showKey, showKeySlug, showNameCandidates, showSpellings } from './show-names.ts';
import { allShows, findShowById, findShowCandidates, showCast, showPageIds } from './shows.repository.ts';

/** storefront.md §8: 'Show not found: "{name}"' leads to the Show Not Found screen. */
export const showNotFoundMessage = (name: string) => `Show not found: "${name}"`;

export interface ShowsContext {
  db: Kysely<Database>;
  cache: AggregateCache;
  pageCache: AggregateCache;
  directories: Directories;
}

function toShow(row: ShowRow, postCount: number): Show {
  return {
    _id: row.id,
    name: row.name,
    searchTerm: row.search_term,
    network: row.network,
    originalImage: row.original_image,
    mediumImage: row.medium_image,
    postCount,
    genres: row.genres,
    summary: row.summary,
  };
}

/** Every show row with its count of approved posts, computed once per data version. */
export async function showCatalogue(ctx: ShowsContext): Promise<Show[]> {
  return ctx.cache.get('show-catalogue', async () => {
    const [rows, directory] = await Promise.all([allShows(ctx.db), ctx.directories.shows()]);
    const counts = new Map(directory.map((entry) => [entry.key, entry.count]));
    return rows.map((row) => toShow(row, counts.get(showKey(row.name)) ?? 0));
  });
}

const showPages = derivedAnswers<Show[], ShowListAnswer>();

const byName = (a: Show, b: Show) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * GET /api/posts/shows: postCount sorts by approved posts (then name); name sorts A to Z. A show
 * with no approved look is not listed (its row waits for its first look).
 */
export async function listShows(
  ctx: ShowsContext,
  page: number,
  limit: number,
  sort: ShowListSort,
): Promise<ShowListAnswer> {
  const catalogue = await showCatalogue(ctx);
  return showPages(catalogue, `${sort}:${page}:${limit}`, () => {
    const shows = catalogue.filter((show) => show.postCount > 0);
    shows.sort(sort === 'name' ? byName : (a, b) => b.postCount - a.postCount || byName(a, b));
    const offset = pageOffset(page, limit);
    return {
      shows: shows.slice(offset, offset + limit),
      pagination: listPagination(page, limit, shows.length),
    };
  });
}

/** The best show row among candidates: exact name, then slug, then the 'The'-less forms. */
function pickShow(rows: ShowRow[], input: string): ShowRow | undefined {
  const lower = input.trim().toLowerCase();
  const slug = toSlug(input);
  return (
    rows.find((r) => r.name === input.trim()) ??
    rows.find((r) => r.name.toLowerCase() === lower) ??
    rows.find((r) => r.slug === slug) ??
    rows.find((r) => showKey(r.name) === showKey(lower)) ??
    rows.find((r) => showKeySlug(r.slug) === showKeySlug(input)) ??
    rows[0]
  );
}

type ResolvedShow = { row: ShowRow; name: string } | { row: null; name: string; imageUrl: string | null };

async function resolveShow(ctx: ShowsContext, input: string): Promise<ResolvedShow | null> {
  if (toSlug(input) === '') return null;
  const { slugs, lowerNames } = showNameCandidates(input);
  const row = pickShow(await findShowCandidates(ctx.db, slugs, lowerNames), input);
  if (row) return { row, name: row.name };
  const directory = await ctx.directories.shows();
  const posted = await mostPostedSpelling(ctx.db, 'show', lowerNames);
  const entry = posted
    ? directory.find((e) => e.key === showKey(posted))
    : directory.find((e) => showKeySlug(e.name) === showKeySlug(input));
  if (posted) return { row: null, name: entry?.name ?? posted, imageUrl: entry?.imageUrl ?? null };
  return entry ? { row: null, name: entry.name, imageUrl: entry.imageUrl } : null;
}

/** The show page header: who the show is and its looks, computed once per data version and name. */
async function showHeader(ctx: ShowsContext, showName: string): Promise<ShowPageHeader | null> {
  const resolved = await resolveShow(ctx, showName);
  if (!resolved) return null;
  // Looks from the cached show directory (a count per request is slow for a big show).
  const entry = (await ctx.directories.shows()).find((e) => e.key === showKey(resolved.name));
  const counts = entry
    ? { total: entry.count, recent: entry.recent }
    : await countLooks(ctx.db, 'show', showSpellings(resolved.name));
  const row = resolved.row;
  return {
    _id: row?.id ?? null,
    name: resolved.name,
    slug: row?.slug ?? toSlug(resolved.name),
    network: row?.network ?? null,
    originalImage: row ? row.original_image : resolved.imageUrl,
    mediumImage: row ? row.medium_image : resolved.imageUrl,
    genres: row?.genres ?? [],
    summary: row?.summary ?? null,
    totalLooks: counts.total,
    recentLooks: counts.recent,
  };
}

/**
 * GET /api/posts/show/{showName} (README, Show page): a slug or a name, with or without 'The'. The
 * header is cached per data version and name (unknown names too); the posts are read fresh.
 */
export async function showPosts(
  ctx: ShowsContext,
  showName: string,
  page: number,
  limit: number,
): Promise<ShowPostsAnswer> {
  return ctx.pageCache.get(
    inputCacheName('show-posts', showName.trim().toLowerCase(), page, limit),
    async () => {
      const show = await ctx.cache.get(inputCacheName('show-page', showName.trim().toLowerCase()), () =>
        showHeader(ctx, showName),
      );
      if (!show) throw notFound(showNotFoundMessage(showName));
      const posts = await loadNewestPublicPosts(
        ctx.db,
        showPageIds(showSpellings(show.name), pageOffset(page, limit), limit),
      );
      return { show, posts, pagination: postPagination(page, limit, show.totalLooks) };
    },
  );
}

/** GET /api/posts/shows/{id}/cast */
export async function castOfShow(
  ctx: ShowsContext,
  showId: string,
  page: number,
  limit: number,
): Promise<ShowCastAnswer> {
  const row = await findShowById(ctx.db, showId);
  if (!row) throw notFound(showNotFoundMessage(showId));
  const { members, total } = await showCast(ctx.db, showId, pageOffset(page, limit), limit);
  return {
    cast: members.map((m) => ({
      _id: m.id,
      name: m.name,
      image: { original: m.image_original, medium: m.image_medium },
    })),
    pagination: listPagination(page, limit, total),
  };
}

/**
 * GET /api/posts/shows/tvmaze-name/{name}: the canonical show row for a name as TVmaze spells it
 * (exact, then case-insensitive, then without 'The', then by search term or slug); 404 means none.
 */
export async function showByTvmazeName(ctx: ShowsContext, name: string): Promise<Show> {
  const { slugs, lowerNames } = showNameCandidates(name);
  const row =
    toSlug(name) === '' ? undefined : pickShow(await findShowCandidates(ctx.db, slugs, lowerNames), name);
  if (!row) throw notFound(showNotFoundMessage(name));
  const catalogue = await showCatalogue(ctx);
  return catalogue.find((show) => show._id === row.id) ?? toShow(row, 0);
}
