import { sql, type Kysely } from 'kysely';
import type { Database, ShowCastRow, ShowRow } from '../../db/database.ts';

// Show pages match approved posts by lower(show), served by the partial index
// posts_approved_show_idx (lower(show), created_at desc, id desc). A show key has at most two
// spellings in posts: with and without a leading 'The' (storefront.md §4).

export async function allShows(db: Kysely<Database>): Promise<ShowRow[]> {
  return db.selectFrom('shows').selectAll().execute();
}

export async function findShowById(db: Kysely<Database>, id: string): Promise<ShowRow | undefined> {
  return db.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Shows whose slug is one of `slugs` or whose lower(name) or lower(search_term) is one of `lowerNames`. */
export async function findShowCandidates(
  db: Kysely<Database>,
  slugs: readonly string[],
  lowerNames: readonly string[],
): Promise<ShowRow[]> {
  return db
    .selectFrom('shows')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('slug', 'in', slugs),
        eb(sql<string>`lower(name)`, 'in', lowerNames),
        eb(sql<string>`lower(search_term)`, 'in', lowerNames),
      ]),
    )
    .execute();
}

/**
 * The ids of one page of a show's looks, newest first across the spellings: one bounded index scan
 * per spelling, merged. Offset paging is bounded by one show's looks.
 */
export function showPageIds(spellings: readonly string[], offset: number, limit: number) {
  const branches = spellings.map(
    (spelling) => sql`(select id, created_at from posts
      where status = 'approved' and lower(show) = ${spelling}
      order by lower(show), created_at desc, id desc limit ${offset + limit})`,
  );
  return sql`select id from (${sql.join(branches, sql` union all `)}) merged
    order by created_at desc, id desc offset ${offset} limit ${limit}`;
}

export async function showCast(
  db: Kysely<Database>,
  showId: string,
  offset: number,
  limit: number,
): Promise<{ members: ShowCastRow[]; total: number }> {
  const [members, count] = await Promise.all([
    db
      .selectFrom('show_cast')
      .selectAll()
      .where('show_id', '=', showId)
      .orderBy('position')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('show_cast')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('show_id', '=', showId)
      .executeTakeFirstOrThrow(),
  ]);
  return { members, total: Number(count.total) };
}
