import { LinkStatusValues } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ResultFilters } from './result-filters.ts';

/**
 * Which bits of a post's link mask (migration 202611270100_post_link_masks) a filter asks about:
 * the statuses, shifted by 9 for the High Confidence threshold (>= 0.8) and by 18 for Low
 * Confidence (<= 0.4). Null when the filter says more than the mask knows (post fields, search,
 * retailer, recommendation, dates, another threshold): such a total is counted from the tables.
 */
export function maskQuery(f: ResultFilters): { statuses: string[]; shift: 0 | 9 | 18 } | null {
  if (f.search || f.postId || f.celebrity || f.show || f.brand || f.platform || f.productType) return null;
  if (f.retailer || f.recommendation || f.validatedFrom || f.validatedUntil) return null;
  const statuses = f.linkStatuses ?? [...LinkStatusValues];
  const { minConfidence: min, maxConfidence: max } = f;
  if (min === undefined && max === undefined) return { statuses, shift: 0 };
  if (min === 0.8 && max === undefined) return { statuses, shift: 9 };
  if (min === undefined && max === 0.4) return { statuses, shift: 18 };
  return null;
}

/** Live posts with a link of one of these statuses (within the confidence class of `shift`). */
export async function countPostsByMask(
  db: Kysely<Database>,
  query: { statuses: string[]; shift: number },
): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(d.delta), 0) as total
    from link_validation.post_mask_deltas d
    where d.mask & ((select bit_or(link_validation.status_bit(s)) from unnest(${query.statuses}::text[]) s)
      << ${query.shift}::integer) <> 0`.execute(db);
  return Number(rows[0]!.total);
}

/** Folds the log of mask counts (the worker's maintenance job, beside the daily-count log). */
export async function compactPostMaskDeltas(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ removed: number }>`
    select link_validation.compact_post_mask_deltas() as removed`.execute(db);
  return rows[0]?.removed ?? 0;
}
