import type { AdminCelebrity, AdminCelebrityStats } from '@celebstyle/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { containsPattern, isoDate } from '@celebstyle/db';
import type { Database, CelebrityRow } from '../../db/database.ts';

export function toAdminCelebrity(row: CelebrityRow, totalLooks: number): AdminCelebrity {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    profileImage: row.profile_image,
    shows: row.shows,
    mainShow: row.main_show,
    network: row.network,
    location: row.location,
    totalLooks,
    descriptionGenerated: row.description_generated,
    lastUpdated: isoDate(row.last_updated),
  };
}

// Looks are approved posts, as on the public profile (posts_approved_celebrity_idx).
const looksOf = sql<number>`(select count(*)::int from posts p
  where p.status = 'approved' and lower(p.celebrity) = lower(celebrities.name))`;

function searchCondition(search: string | undefined) {
  const term = search?.trim().toLowerCase();
  if (!term) return sql<SqlBool>`true`;
  const like = containsPattern(term);
  return sql<SqlBool>`(lower(name) like ${like} or lower(coalesce(network, '')) like ${like}
    or lower(coalesce(main_show, '')) like ${like})`;
}

/** One page of celebrities by name, A to Z, with their looks. */
export async function listCelebrities(
  db: Kysely<Database>,
  page: number,
  limit: number,
  search: string | undefined,
): Promise<{ celebrities: AdminCelebrity[]; total: number }> {
  const where = searchCondition(search);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('celebrities')
      .selectAll()
      .select(looksOf.as('total_looks'))
      .where(where)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .offset((page - 1) * limit)
      .limit(limit)
      .execute(),
    db
      .selectFrom('celebrities')
      .select(sql<number>`count(*)::int`.as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { celebrities: rows.map((row) => toAdminCelebrity(row, row.total_looks)), total: count.total };
}

export async function findAdminCelebrity(
  db: Kysely<Database>,
  id: string,
): Promise<AdminCelebrity | undefined> {
  const row = await db
    .selectFrom('celebrities')
    .selectAll()
    .select(looksOf.as('total_looks'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toAdminCelebrity(row, row.total_looks) : undefined;
}

export async function celebrityStats(db: Kysely<Database>): Promise<AdminCelebrityStats> {
  const { rows } = await sql<AdminCelebrityStats>`
    select count(*)::int as "totalCelebrities",
      (count(*) filter (where description_generated))::int as "descriptionsGenerated",
      coalesce(sum(${looksOf}), 0)::int as "totalLooks",
      (count(distinct lower(network)) filter (where btrim(coalesce(network, '')) <> ''))::int as networks
    from celebrities`.execute(db);
  return rows[0]!;
}
