import type { LinkHealthChangedEvent } from '@celebstyle/queue';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LinkStatus } from '../checker/link-check-result.ts';
import type { LinkAndCleanedCheck } from '../checker/check-with-cleaned.ts';
import type { CheckOutcome } from '../scheduling/check-outcome.ts';

export interface LinkToCheck {
  id: string;
  postId: string;
  originalUrl: string;
  linkStatus: LinkStatus;
  strikes: number;
  errorStreak: number;
  overriddenStatus: LinkStatus | null;
  nextCheckAt: Date;
}

/** A link of a live (not deleted) post, with what the scheduling rules need. */
export async function findLinkToCheck(
  db: Kysely<Database>,
  linkId: string,
): Promise<LinkToCheck | undefined> {
  const row = await db
    .selectFrom('link_validation.links as l')
    .innerJoin('link_validation.posts as p', 'p.id', 'l.post_id')
    .select([
      'l.id',
      'l.post_id',
      'l.original_url',
      'l.link_status',
      'l.strikes',
      'l.error_streak',
      'l.overridden_status',
      'l.next_check_at',
    ])
    .where('l.id', '=', linkId)
    .where('p.deleted', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    postId: row.post_id,
    originalUrl: row.original_url,
    linkStatus: row.link_status as LinkStatus,
    strikes: row.strikes,
    errorStreak: row.error_streak,
    overriddenStatus: row.overridden_status as LinkStatus | null,
    nextCheckAt: row.next_check_at,
  };
}

/**
 * Writes one check in one transaction: its history row, the link's new verdict and next check,
 * and, when the shown status changed, a link-health-changed event in the outbox. Written only if
 * the link is still due at the time the job was made for (`dueAt`): a second run of the same job
 * (a worker killed after commit) changes nothing. Returns whether it was written.
 */
export async function recordCheck(
  db: Kysely<Database>,
  link: LinkToCheck,
  dueAt: Date,
  check: LinkAndCleanedCheck,
  outcome: CheckOutcome,
  checkedAt: Date,
): Promise<boolean> {
  const result = check.original;
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('link_validation.links')
      .set({
        link_status: outcome.linkStatus,
        confidence: result.confidence,
        http_status: result.httpStatus,
        final_url: result.finalUrl,
        retailer: result.retailer,
        retailer_domain: result.retailerDomain,
        stock_status: result.stockStatus,
        price: result.price,
        currency: result.currency,
        response_time: result.responseTime,
        error_message: result.errorMessage,
        clean_url: check.cleanUrl,
        recommendation: check.recommendation,
        validation_count: sql<number>`validation_count + 1`,
        last_checked: checkedAt,
        next_check_at: new Date(checkedAt.getTime() + outcome.nextCheckInMs),
        strikes: outcome.strikes,
        error_streak: outcome.errorStreak,
        updated_at: checkedAt,
        ...(outcome.overrideEnded
          ? { overridden_status: null, status_changed_by: null, status_changed_at: null, status_notes: null }
          : {}),
      })
      .where('id', '=', link.id)
      // Compared at millisecond precision: that is what the job carries (PostgreSQL keeps microseconds).
      .where(sql`date_trunc('milliseconds', next_check_at)`, '=', dueAt)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await trx
      .insertInto('link_validation.link_checks')
      .values({
        link_id: link.id,
        checked_at: checkedAt,
        link_status: result.linkStatus,
        http_status: result.httpStatus,
        confidence: result.confidence,
        response_time: result.responseTime,
        error_message: result.errorMessage,
      })
      .execute();
    if (outcome.statusChanged) {
      const event: LinkHealthChangedEvent = {
        postId: link.postId,
        linkId: link.id,
        status: outcome.linkStatus,
        checkedAt: checkedAt.toISOString(),
      };
      await trx
        .insertInto('link_validation.health_outbox')
        .values({ payload: JSON.stringify(event) })
        .execute();
    }
    return true;
  });
}
