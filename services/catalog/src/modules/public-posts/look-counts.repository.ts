import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** storefront.md §3 recentLooks: posts of the last 30 days; the trending window is the same. */
const RECENT_DAYS = 30;

/** In an aggregate over posts: how many of the rows were created in the last RECENT_DAYS days. */
export const recentLooks = sql<number>`(count(*) filter (where created_at >= now() - make_interval(days => ${RECENT_DAYS})))::int`;

export interface LookCounts {
  total: number;
  recent: number;
}

/**
 * Approved looks whose lower(celebrity) or lower(show) is one of `lowerNames`, through the partial
 * indexes posts_approved_celebrity_idx and posts_approved_show_idx.
 */
export async function countLooks(
  db: Kysely<Database>,
  column: 'celebrity' | 'show',
  lowerNames: readonly string[],
): Promise<LookCounts> {
  const { rows } = await sql<LookCounts>`
    select count(*)::int as total, ${recentLooks} as recent
    from posts where status = 'approved' and lower(${sql.ref(column)}) = any(${lowerNames}::text[])`.execute(
    db,
  );
  return rows[0] ?? { total: 0, recent: 0 };
}

/** The most used spelling among approved posts whose lower(celebrity) or lower(show) is one of `lowerNames`. */
export async function mostPostedSpelling(
  db: Kysely<Database>,
  column: 'celebrity' | 'show',
  lowerNames: readonly string[],
): Promise<string | undefined> {
  const row = await db
    .selectFrom('posts')
    .select(column)
    .where('status', '=', 'approved')
    .where(sql<string>`lower(${sql.ref(column)})`, 'in', lowerNames)
    .groupBy(column)
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(column)
    .limit(1)
    .executeTakeFirst();
  return row?.[column];
}
