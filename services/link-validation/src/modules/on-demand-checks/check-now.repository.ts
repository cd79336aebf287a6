import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export interface DueLink {
  id: string;
  /** The link's due time after the request, milliseconds (what a check job carries). */
  dueMs: number;
}

/**
 * Makes links of a live post due now: a link due later is due now, a link already due keeps its
 * time (its scheduled job, if queued, stays valid). One statement, so the worker's write of a
 * check that was running meanwhile either lands before (and the link is due again) or finds the
 * new time and is not recorded.
 */
export async function makeDueNow(
  db: Kysely<Database>,
  target: { linkId: string } | { postId: string },
): Promise<DueLink[]> {
  const condition = 'linkId' in target ? sql`l.id = ${target.linkId}` : sql`l.post_id = ${target.postId}`;
  const { rows } = await sql<{ id: string; next_check_at: Date }>`
    update link_validation.link_schedule s
    set next_check_at = least(s.next_check_at, date_trunc('milliseconds', now()))
    from link_validation.links l join link_validation.posts p on p.id = l.post_id
    where l.id = s.link_id and p.deleted = false and ${condition}
    returning l.id, s.next_check_at`.execute(db);
  return rows.map((row) => ({ id: row.id, dueMs: row.next_check_at.getTime() }));
}
