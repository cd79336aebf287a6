import type { AdminPostStats } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** admin.md §3 Post statistics in one pass over posts (every status: this is the back office). */
export async function postStats(db: Kysely<Database>): Promise<AdminPostStats> {
  const { rows } = await sql<{
    total: number;
    pending: number;
    approved: number;
    rejected: number;
    hidden: number;
    today: number;
    bigblondehair: number;
    wornontv: number;
  }>`
    select count(*)::int as total,
      count(*) filter (where status = 'pending')::int as pending,
      count(*) filter (where status = 'approved')::int as approved,
      count(*) filter (where status = 'rejected')::int as rejected,
      count(*) filter (where status = 'hidden')::int as hidden,
      count(*) filter (where created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')::int as today,
      count(*) filter (where platform = 'bigblondehair')::int as bigblondehair,
      count(*) filter (where platform = 'wornontv')::int as wornontv
    from posts`.execute(db);
  const row = rows[0]!;
  return {
    total: row.total,
    byStatus: { pending: row.pending, approved: row.approved, rejected: row.rejected, hidden: row.hidden },
    today: row.today,
    byPlatform: { bigblondehair: row.bigblondehair, wornontv: row.wornontv },
  };
}
