import type { AdminShow, AdminShowStats } from '@celebstyle/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { containsPattern } from '@celebstyle/db';
import type { Database, ShowRow } from '../../db/database.ts';

const dateOnly = (value: Date | string | null) =>
  value === null
    ? null
    : (value instanceof Date ? value.toISOString() : new Date(value).toISOString()).slice(0, 10);

export function toAdminShow(row: ShowRow, postCount: number): AdminShow {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    searchTerm: row.search_term,
    network: row.network,
    status: row.status,
    genres: row.genres,
    summary: row.summary,
    originalImage: row.original_image,
    mediumImage: row.medium_image,
    postCount,
    premiered: dateOnly(row.premiered),
    tvmazeId: row.tvmaze_id,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The lower(show) spellings of show row `shows`: with and without a leading 'The' (storefront.md §4). */
export const showSpellingsSql = (table: string) => {
  const key = sql`regexp_replace(lower(${sql.ref(`${table}.name`)}), '^the\\s+', '')`;
  return sql`array[${key}, 'the ' || ${key}]`;
};

// Approved posts, as on the public shows list (posts_approved_show_idx).
const postCountOf = sql<number>`(select count(*)::int from posts p
  where p.status = 'approved' and lower(p.show) = any(${showSpellingsSql('shows')}))`;

function searchCondition(search: string | undefined) {
  const term = search?.trim().toLowerCase();
  if (!term) return sql<SqlBool>`true`;
  const like = containsPattern(term);
  return sql<SqlBool>`(lower(name) like ${like} or lower(coalesce(network, '')) like ${like}
    or lower(coalesce(search_term, '')) like ${like})`;
}

/** One page of shows by name, A to Z, with their post counts. */
export async function listShows(
  db: Kysely<Database>,
  page: number,
  limit: number,
  search: string | undefined,
): Promise<{ shows: AdminShow[]; total: number }> {
  const where = searchCondition(search);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('shows')
      .selectAll()
      .select(postCountOf.as('post_count'))
      .where(where)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .offset((page - 1) * limit)
      .limit(limit)
      .execute(),
    db
      .selectFrom('shows')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { shows: rows.map((row) => toAdminShow(row, row.post_count)), total: count.total };
}

export async function findAdminShow(db: Kysely<Database>, id: string): Promise<AdminShow | undefined> {
  const row = await db
    .selectFrom('shows')
    .selectAll()
    .select(postCountOf.as('post_count'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toAdminShow(row, row.post_count) : undefined;
}

export async function showStats(db: Kysely<Database>): Promise<AdminShowStats> {
  const { rows } = await sql<AdminShowStats>`
    select count(*)::int as "totalShows",
      (count(*) filter (where status = 'Running'))::int as running,
      coalesce(sum(${postCountOf}), 0)::int as "totalPosts",
      (count(distinct lower(network)) filter (where btrim(coalesce(network, '')) <> ''))::int as networks
    from shows`.execute(db);
  return rows[0]!;
}
