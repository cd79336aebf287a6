import { daysAgo, pruneRows } from '@celebstyle/db';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Default days of check rows kept: what a link's history and the 90-day chart read. */
export const DEFAULT_CHECK_HISTORY_DAYS = 90;
export const PRUNE_HISTORY_JOB = 'prune-link-check-history';
export const PRUNE_HISTORY_EVERY_MS = 6 * 60 * 60_000;

export interface RetentionDays {
  /** Check rows older than this go, except each link's newest (see below). */
  checkHistoryDays: number;
  /** Link-health events published longer ago than this go. */
  outboxDays: number;
}

export interface PrunedRows {
  checks: number;
  outbox: number;
}

/**
 * Retention of the link-check history and the health outbox. What the daily counts need stays:
 * the counts themselves live in `link_health_deltas` (folded to one row per day and bucket, a few
 * hundred rows a year, kept for good), and each link's newest check stays whatever its age, because
 * the next check's trigger reads it to know which bucket the link leaves.
 */
export async function pruneCheckHistory(
  db: Kysely<Database>,
  days: RetentionDays,
  now = new Date(),
): Promise<PrunedRows> {
  const checks = await pruneRows(db, {
    table: 'link_validation.link_checks',
    where: sql`checked_at < ${daysAgo(days.checkHistoryDays, now)} and exists (
      select 1 from link_validation.link_checks newer
      where newer.link_id = link_checks.link_id
        and (newer.checked_at > link_checks.checked_at
          or (newer.checked_at = link_checks.checked_at and newer.id > link_checks.id)))`,
  });
  const outbox = await pruneRows(db, {
    table: 'link_validation.health_outbox',
    where: sql`sent_at < ${daysAgo(days.outboxDays, now)}`,
  });
  return { checks, outbox };
}
