import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { recentLooks } from '../public-posts/look-counts.repository.ts';

/** One celebrity or show as the approved posts know it, de-duplicated by case-insensitive name. */
export interface NameEntry {
  /** The matching key: lower(name); for shows also without a leading 'The' (storefront.md §4). */
  key: string;
  name: string;
  /** Approved looks. */
  count: number;
  /** Approved looks of the last 30 days (recentLooks). */
  recent: number;
  imageUrl: string | null;
}

// Placeholders the sources use for a missing celebrity (storefront.md §2 top picks: 'Unknown Celebrity').
const PLACEHOLDER_CELEBRITIES = ['', 'unknown', 'unknown celebrity'];

/**
 * Every celebrity with approved looks, grouped by lower(name). The name shown is the celebrities
 * row's when one exists, else the spelling with the most looks; the image is the profile image, else
 * the newest approved look's image, so the entry with more posts also has an image.
 * Ordered by the trending rule (README, API section): recent looks, then all looks, then name.
 */
export async function celebrityDirectory(db: Kysely<Database>): Promise<NameEntry[]> {
  const { rows } = await sql<NameEntry>`
    with spellings as (
      select lower(celebrity) as key, celebrity as name, count(*)::int as looks,
        ${recentLooks} as recent
      from posts
      where status = 'approved' and lower(celebrity) <> all(${PLACEHOLDER_CELEBRITIES}::text[])
      group by 1, 2
    ),
    grouped as (
      select key, sum(looks)::int as count, sum(recent)::int as recent,
        (array_agg(name order by looks desc, name))[1] as top_spelling
      from spellings group by key
    )
    select g.key, coalesce(c.name, g.top_spelling) as name, g.count, g.recent,
      coalesce(c.profile_image, (
        select coalesce(p.enhanced_image, p.main_image) from posts p
        where p.status = 'approved' and lower(p.celebrity) = g.key
          and coalesce(p.enhanced_image, p.main_image) is not null
        order by p.created_at desc, p.id desc limit 1
      )) as "imageUrl"
    from grouped g
    left join celebrities c on lower(c.name) = g.key
    order by g.recent desc, g.count desc, lower(coalesce(c.name, g.top_spelling)), g.key`.execute(db);
  return rows;
}

/**
 * Every show with approved looks, grouped by lower(name) without a leading 'The', so posts saying
 * 'Real Housewives of Beverly Hills' and 'The Real Housewives of Beverly Hills' count together.
 */
export async function showDirectory(db: Kysely<Database>): Promise<NameEntry[]> {
  const { rows } = await sql<NameEntry>`
    with spellings as (
      select regexp_replace(lower(show), '^\\s*the\\s+', '') as key, show as name, count(*)::int as looks,
        ${recentLooks} as recent
      from posts
      where status = 'approved' and btrim(show) <> ''
      group by 1, 2
    ),
    grouped as (
      select key, sum(looks)::int as count, sum(recent)::int as recent,
        (array_agg(name order by looks desc, name))[1] as top_spelling
      from spellings group by key
    )
    select g.key, coalesce(s.name, g.top_spelling) as name, g.count, g.recent,
      coalesce(s.medium_image, s.original_image, (
        select coalesce(p.enhanced_image, p.main_image) from posts p
        where p.status = 'approved' and lower(p.show) in (g.key, 'the ' || g.key)
          and coalesce(p.enhanced_image, p.main_image) is not null
        order by p.created_at desc, p.id desc limit 1
      )) as "imageUrl"
    from grouped g
    left join lateral (
      select name, medium_image, original_image from shows
      where regexp_replace(lower(shows.name), '^\\s*the\\s+', '') = g.key
      order by name limit 1
    ) s on true
    order by g.count desc, lower(coalesce(s.name, g.top_spelling)), g.key`.execute(db);
  return rows;
}
