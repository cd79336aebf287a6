import type { LinkHealthChange, LinkHealthChangedEvent } from '@celebstyle/queue';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LinkStatus } from '../link-check-engine/link-check-result.ts';
import type { LinkAndCleanedCheck } from '../link-check-engine/check-with-cleaned.ts';
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
  /** The offer as the previous check saw it, and the facts a link-health event carries. */
  stockStatus: string | null;
  price: number | null;
  currency: string | null;
  postTitle: string;
  linkText: string;
  realUrl: string | null;
}

/** A link of a live (not deleted) post, with what the scheduling rules need. */
export async function findLinkToCheck(
  db: Kysely<Database>,
  linkId: string,
): Promise<LinkToCheck | undefined> {
  return (await findLinksToCheck(db, [linkId])).get(linkId);
}

/** The links of live (not deleted) posts among `linkIds`, by id, in one query. */
export async function findLinksToCheck(
  db: Kysely<Database>,
  linkIds: readonly string[],
): Promise<Map<string, LinkToCheck>> {
  if (linkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('link_validation.links as l')
    .innerJoin('link_validation.posts as p', 'p.id', 'l.post_id')
    .innerJoin('link_validation.link_schedule as s', 's.link_id', 'l.id')
    .select([
      'l.id',
      'l.post_id',
      'l.original_url',
      'l.link_status',
      'l.strikes',
      'l.error_streak',
      'l.overridden_status',
      's.next_check_at',
      'l.stock_status',
      'l.price',
      'l.currency',
      'l.link_text',
      'l.catalog_real_url',
      'p.title',
    ])
    .where('l.id', 'in', linkIds)
    .where('p.deleted', '=', false)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        postId: row.post_id,
        originalUrl: row.original_url,
        linkStatus: row.link_status as LinkStatus,
        strikes: row.strikes,
        errorStreak: row.error_streak,
        overriddenStatus: row.overridden_status as LinkStatus | null,
        nextCheckAt: row.next_check_at,
        stockStatus: row.stock_status,
        price: row.price === null ? null : Number(row.price),
        currency: row.currency,
        postTitle: row.title,
        linkText: row.link_text,
        realUrl: row.catalog_real_url,
      },
    ]),
  );
}

/**
 * The link-health event of one check, or null when nothing a consumer follows changed: the shown
 * status, or the stock words or the price a page named. A check that could not read them (no stock,
 * no price) publishes nothing; the next check that reads them reports them again, as changed from
 * unknown (consumers judge a price against their own reference, not against `previous`).
 */
export function healthEvent(
  link: LinkToCheck,
  check: LinkAndCleanedCheck,
  outcome: CheckOutcome,
  checkedAt: Date,
): LinkHealthChangedEvent | null {
  const result = check.original;
  const changed: LinkHealthChange[] = [];
  if (outcome.statusChanged) changed.push('status');
  if (result.stockStatus !== null && result.stockStatus !== link.stockStatus) changed.push('stock');
  if (result.price !== null && (result.price !== link.price || result.currency !== link.currency))
    changed.push('price');
  if (changed.length === 0) return null;
  return {
    postId: link.postId,
    linkId: link.id,
    status: outcome.linkStatus,
    stockStatus: result.stockStatus,
    price: result.price,
    currency: result.currency,
    checkedAt: checkedAt.toISOString(),
    changed,
    previous: {
      status: link.linkStatus,
      stockStatus: link.stockStatus,
      price: link.price,
      currency: link.currency,
    },
    retailer: result.retailer,
    postTitle: link.postTitle,
    linkText: link.linkText,
    url: link.originalUrl,
    realUrl: link.realUrl,
    cleanUrl: check.cleanUrl,
  };
}

/** One check to record: the link as read before the check, the job's due time, the verdict. */
export interface CheckToRecord {
  link: LinkToCheck;
  dueAt: Date;
  check: LinkAndCleanedCheck;
  outcome: CheckOutcome;
  checkedAt: Date;
}

/**
 * Writes one check: its history row, the link's new verdict and next check, and, when the shown
 * status changed, a link-health-changed event in the outbox (recordChecks with one check).
 */
export async function recordCheck(
  db: Kysely<Database>,
  link: LinkToCheck,
  dueAt: Date,
  check: LinkAndCleanedCheck,
  outcome: CheckOutcome,
  checkedAt: Date,
): Promise<boolean> {
  const [written] = await recordChecks(db, [{ link, dueAt, check, outcome, checkedAt }]);
  return written!;
}

/**
 * Writes many checks in one statement, so all or none of them are written: each link's verdict and
 * next check, its history row and, when its shown status changed, its outbox event. A check is
 * written only if its link is still due at the time its job was made for (`dueAt`): a second run
 * of the same job (a worker killed after the commit) changes nothing. At most one check per link
 * (the history trigger counts one check per link per statement). Returns, per check, whether it
 * was written.
 */
export async function recordChecks(
  db: Kysely<Database>,
  checks: readonly CheckToRecord[],
): Promise<boolean[]> {
  if (checks.length === 0) return [];
  if (new Set(checks.map((c) => c.link.id)).size !== checks.length) {
    throw new Error('recordChecks: at most one check per link in one statement');
  }
  const rows = checks.map(({ link, dueAt, check, outcome, checkedAt }) => {
    const result = check.original;
    const event = healthEvent(link, check, outcome, checkedAt);
    return {
      link_id: link.id,
      due_at: dueAt.toISOString(),
      link_status: outcome.linkStatus,
      check_status: result.linkStatus,
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
      checked_at: checkedAt.toISOString(),
      next_check_at: new Date(checkedAt.getTime() + outcome.nextCheckInMs).toISOString(),
      strikes: outcome.strikes,
      error_streak: outcome.errorStreak,
      override_ended: outcome.overrideEnded,
      event,
    };
  });
  const { rows: written } = await sql<{ id: string }>`
    with v as (
      select * from rows from (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as (
        link_id uuid, due_at timestamptz, link_status text, check_status text, confidence real,
        http_status integer, final_url text, retailer text, retailer_domain text, stock_status text,
        price numeric, currency text, response_time integer, error_message text, clean_url text,
        recommendation text, checked_at timestamptz, next_check_at timestamptz, strikes integer,
        error_streak integer, override_ended boolean, event jsonb)) with ordinality as v(
        link_id, due_at, link_status, check_status, confidence, http_status, final_url, retailer,
        retailer_domain, stock_status, price, currency, response_time, error_message, clean_url,
        recommendation, checked_at, next_check_at, strikes, error_streak, override_ended, event, position)
    ), locked as (
      -- The link row before its schedule row, the order of every other writer of both (the
      -- schedule triggers, an admin's status change, the projection): no deadlock.
      select l.id from link_validation.links l join v on v.link_id = l.id for update of l
    ), scheduled as (
      -- The link's schedule row is the guard: only a link still due at the job's time is written,
      -- compared at millisecond precision (what the job carries; PostgreSQL keeps microseconds).
      update link_validation.link_schedule s set next_check_at = v.next_check_at, last_checked = v.checked_at,
        newest_check_at = v.checked_at, newest_check_status = v.check_status
      from v join locked on locked.id = v.link_id
        join link_validation.link_schedule before on before.link_id = v.link_id
      where s.link_id = v.link_id and date_trunc('milliseconds', s.next_check_at) = v.due_at
      -- The link's newest check so far (before this statement) is in this check's bucket, and older.
      returning s.link_id, coalesce(before.newest_check_at < v.checked_at and
        link_validation.health_bucket(before.newest_check_status) = link_validation.health_bucket(v.check_status),
        false) as same_bucket_as_previous
    ), updated as (
      -- No indexed column changes unless the verdict, retailer, addresses or recommendation did:
      -- a HOT update (migration 202611270600_link_schedule).
      update link_validation.links l set
        link_status = v.link_status, confidence = v.confidence, http_status = v.http_status,
        final_url = v.final_url, retailer = v.retailer, retailer_domain = v.retailer_domain,
        stock_status = v.stock_status, price = v.price, currency = v.currency,
        response_time = v.response_time, error_message = v.error_message, clean_url = v.clean_url,
        recommendation = v.recommendation, validation_count = l.validation_count + 1,
        last_checked = v.checked_at, strikes = v.strikes,
        error_streak = v.error_streak, updated_at = v.checked_at,
        overridden_status = case when v.override_ended then null else l.overridden_status end,
        status_changed_by = case when v.override_ended then null else l.status_changed_by end,
        status_changed_at = case when v.override_ended then null else l.status_changed_at end,
        status_notes = case when v.override_ended then null else l.status_notes end
      from v join scheduled on scheduled.link_id = v.link_id
      where l.id = v.link_id
      returning l.id
    ), history as (
      insert into link_validation.link_checks (link_id, checked_at, link_status, http_status, confidence,
        response_time, error_message, same_bucket_as_previous)
      select v.link_id, v.checked_at, v.check_status, v.http_status, v.confidence, v.response_time,
        v.error_message, scheduled.same_bucket_as_previous
      from v join updated on updated.id = v.link_id join scheduled on scheduled.link_id = v.link_id
    ), outbox as (
      insert into link_validation.health_outbox (payload)
      select v.event from v join updated on updated.id = v.link_id
      where v.event is not null order by v.position
    )
    select id from updated`.execute(db);
  const ids = new Set(written.map((row) => row.id));
  return checks.map((c) => ids.has(c.link.id));
}
