import type { CelebrityProfile, CelebrityProfileAnswer } from '@celebstyle/contracts';
import { notFound } from '@celebstyle/service-kit';
import { slugToDisplayName, toSlug } from '@celebstyle/slugs';
import type { Kysely } from 'kysely';
import type { Database, CelebrityRow } from '../../db/database.ts';
import { inputCacheName, type AggregateCache } from '../../lib/aggregate-cache.ts';
import { pageOffset, postPagination } from '../../lib/pagination.ts';
import { countLooks, mostPostedSpelling, type LookCounts } from '../public-posts/look-counts.repository.ts';
import { loadNewestPublicPosts } from '../public-posts/public-posts.repository.ts';
import type { Directories } from '../trending/directories.service.ts';
import {
  celebrityPageIds,
  findCelebrityByName,
  findCelebrityBySlug,
  postedProfileFacts,
} from './celebrities.repository.ts';

export const CELEBRITY_NOT_FOUND = 'Celebrity not found';

type Resolved = { row: CelebrityRow; key: string } | { row: null; key: string; name: string };

/**
 * Finds the celebrity a slug names (storefront.md §5 slug rule, packages/slugs): the celebrities row
 * with that slug; else approved posts whose name is the slug read as words; else any posted name whose
 * slug is exactly this one (the cached directory, so punctuation such as "O'Neill" still matches).
 */
async function resolveCelebrity(
  db: Kysely<Database>,
  directories: Directories,
  rawSlug: string,
): Promise<Resolved | null> {
  const slug = toSlug(rawSlug);
  if (slug === '') return null;
  const row = await findCelebrityBySlug(db, slug);
  if (row) return { row, key: row.name.toLowerCase() };

  const spoken = [...new Set([slug.replace(/-/g, ' '), slugToDisplayName(slug).toLowerCase()])];
  let name = await mostPostedSpelling(db, 'celebrity', spoken);
  if (name === undefined) {
    name = (await directories.celebrities()).find((entry) => toSlug(entry.name) === slug)?.name;
  }
  if (name === undefined) return null;
  // A row whose slug drifted from its name still owns the name's looks.
  const named = await findCelebrityByName(db, name.toLowerCase());
  if (named) return { row: named, key: name.toLowerCase() };
  return { row: null, key: name.toLowerCase(), name };
}

/**
 * Looks come from the cached directory (one aggregate per data version) rather than a count per
 * request, which grows with the catalogue on every profile view; a name the directory leaves out
 * (a placeholder such as 'Unknown Celebrity') is counted directly.
 */
async function lookCounts(db: Kysely<Database>, directories: Directories, key: string): Promise<LookCounts> {
  const entry = (await directories.celebrities()).find((e) => e.key === key);
  return entry ? { total: entry.count, recent: entry.recent } : countLooks(db, 'celebrity', [key]);
}

/** What a profile shows above its posts, and the key its posts are matched by. */
interface ProfileHeader {
  key: string;
  celebrity: CelebrityProfile;
}

async function profileHeader(
  db: Kysely<Database>,
  directories: Directories,
  slug: string,
): Promise<ProfileHeader | null> {
  const resolved = await resolveCelebrity(db, directories, slug);
  if (!resolved) return null;
  const counts = await lookCounts(db, directories, resolved.key);
  if (resolved.row) {
    const row = resolved.row;
    return {
      key: resolved.key,
      celebrity: {
        name: row.name,
        description: row.description,
        profileImage: row.profile_image,
        shows: row.shows,
        mainShow: row.main_show,
        network: row.network,
        location: row.location,
        totalLooks: counts.total,
        recentLooks: counts.recent,
        descriptionGenerated: row.description_generated,
        lastUpdated: new Date(row.last_updated).toISOString(),
      },
    };
  }
  // No celebrities row: the profile is derived from their approved posts (README, API section).
  const facts = await postedProfileFacts(db, resolved.key);
  return {
    key: resolved.key,
    celebrity: {
      name: resolved.name,
      description: null,
      profileImage: facts.profileImage,
      shows: facts.shows,
      mainShow: facts.shows[0] ?? null,
      network: facts.network,
      location: null,
      totalLooks: counts.total,
      recentLooks: counts.recent,
      descriptionGenerated: false,
      lastUpdated: new Date(facts.lastUpdated ?? Date.now()).toISOString(),
    },
  };
}

export interface CelebrityContext {
  db: Kysely<Database>;
  cache: AggregateCache;
  pageCache: AggregateCache;
  directories: Directories;
}

/**
 * GET /api/posts/celebrity/{slug} (storefront.md §3 Celebrity profile response).
 * The header (who, counts) is cached per data version and slug, unknown slugs included; a page is one
 * query (its ids from the index, then those posts), and whole pages are cached briefly.
 */
export async function celebrityProfile(
  ctx: CelebrityContext,
  slug: string,
  page: number,
  limit: number,
): Promise<CelebrityProfileAnswer> {
  const normalized = toSlug(slug);
  return ctx.pageCache.get(inputCacheName('celebrity-page', normalized, page, limit), async () => {
    const header = await ctx.cache.get(inputCacheName('celebrity-profile', normalized), () =>
      profileHeader(ctx.db, ctx.directories, normalized),
    );
    if (!header) throw notFound(CELEBRITY_NOT_FOUND);
    const posts = await loadNewestPublicPosts(
      ctx.db,
      celebrityPageIds(ctx.db, header.key, pageOffset(page, limit), limit),
    );
    return {
      celebrity: header.celebrity,
      posts,
      pagination: postPagination(page, limit, header.celebrity.totalLooks),
    };
  });
}
