import { sql, type Kysely } from 'kysely';
import type { Database, CelebrityRow } from '../../db/database.ts';

// Celebrity pages match approved posts by lower(celebrity), served by the
// partial index posts_approved_celebrity_idx (lower(celebrity), created_at desc, id desc).

export async function findCelebrityBySlug(
  db: Kysely<Database>,
  slug: string,
): Promise<CelebrityRow | undefined> {
  return db.selectFrom('celebrities').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function findCelebrityByName(
  db: Kysely<Database>,
  lowerName: string,
): Promise<CelebrityRow | undefined> {
  return db
    .selectFrom('celebrities')
    .selectAll()
    .where(sql<string>`lower(name)`, '=', lowerName)
    .executeTakeFirst();
}

/** The ids of one page of a celebrity's looks, newest first; offset paging is bounded by their looks. */
export function celebrityPageIds(db: Kysely<Database>, key: string, offset: number, limit: number) {
  return db
    .selectFrom('posts')
    .select('id')
    .where('status', '=', 'approved')
    .where(sql<string>`lower(celebrity)`, '=', key)
    .orderBy(sql`lower(celebrity)`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit);
}

export interface PostedProfileFacts {
  shows: string[];
  network: string | null;
  profileImage: string | null;
  lastUpdated: Date | null;
}

/** For a celebrity known only from posts: their shows by looks, the main show's network, newest image. */
export async function postedProfileFacts(db: Kysely<Database>, key: string): Promise<PostedProfileFacts> {
  const { rows } = await sql<PostedProfileFacts>`
    with theirs as (
      select show, coalesce(enhanced_image, main_image) as image, created_at, updated_at, id
      from posts where status = 'approved' and lower(celebrity) = ${key}
    ),
    by_show as (
      select show, count(*) as looks from theirs group by show order by looks desc, show limit 20
    )
    select
      coalesce((select array_agg(show order by looks desc, show) from by_show), '{}') as shows,
      (select s.network from by_show b join shows s on lower(s.name) = lower(b.show)
        order by b.looks desc, b.show limit 1) as network,
      (select image from theirs where image is not null order by created_at desc, id desc limit 1) as "profileImage",
      (select max(updated_at) from theirs) as "lastUpdated"`.execute(db);
  return rows[0] ?? { shows: [], network: null, profileImage: null, lastUpdated: null };
}
