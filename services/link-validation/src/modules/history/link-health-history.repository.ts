import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export type HealthBucket = 'active' | 'broken' | 'sold_out' | 'unknown';

export interface HealthDelta {
  /** YYYY-MM-DD; every change before the window is folded into its first day. */
  day: string;
  bucket: HealthBucket;
  delta: number;
}

/**
 * The changes of the daily counts up to `lastDay`, those before `firstDay` folded into it (the
 * counts at the window's start), per day and bucket. The log is kept by triggers and compacted by
 * the worker (migration 202611260500), so this sums a few rows per day.
 */
export async function healthDeltas(
  db: Kysely<Database>,
  firstDay: string,
  lastDay: string,
): Promise<HealthDelta[]> {
  const { rows } = await sql<HealthDelta>`
    select to_char(greatest(day, ${firstDay}::date), 'YYYY-MM-DD') as day, bucket, sum(delta)::integer as delta
    from link_validation.link_health_deltas
    where day <= ${lastDay}::date
    group by 1, 2`.execute(db);
  return rows;
}

/** Folds the log into one row per day and bucket; returns how many rows it removed. */
export async function compactHealthDeltas(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ removed: number }>`
    select link_validation.compact_link_health_deltas() as removed`.execute(db);
  return rows[0]?.removed ?? 0;
}
