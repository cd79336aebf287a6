import type { SupportPriority, SupportStats, SupportStatus } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import { containsPattern } from '@celebstyle/db';
import { UUID_PATTERN } from '@celebstyle/contracts';
import type { Database, SupportRequestRow } from '../../db/database.ts';

const REQUESTS = 'support.support_requests' as const;

export interface NewSupportRequest {
  request_id: string;
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
  priority: SupportPriority;
}

/** Inserts unless the request id is taken (then undefined: the caller draws another id). */
export async function insertSupportRequest(db: Kysely<Database>, values: NewSupportRequest) {
  return db
    .insertInto(REQUESTS)
    .values({ ...values, status: 'unread' })
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export interface SupportListFilter {
  status?: SupportStatus;
  priority?: SupportPriority;
  search?: string;
}

/** LIKE patterns treat the visitor's text literally. */

function filtered(db: Kysely<Database>, filter: SupportListFilter) {
  let query = db.selectFrom(REQUESTS);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.priority) query = query.where('priority', '=', filter.priority);
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('name', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('request_id', 'ilike', pattern),
      ]),
    );
  }
  return query;
}

/**
 * admin.md §7: page numbers, newest first. Offset paging because the screen shows numbered pages;
 * the list is an inbox that staff keep small by archiving, and the page is bounded by limit.
 */
export async function listSupportRequests(
  db: Kysely<Database>,
  filter: SupportListFilter,
  page: number,
  limit: number,
): Promise<{ rows: SupportRequestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.total };
}

/**
 * admin.md §2 stat cards. `urgent` counts urgent requests still open (unread or in progress): the
 * card says what needs attention now, not history.
 */
export async function supportStats(db: Kysely<Database>): Promise<SupportStats> {
  const row = await db
    .selectFrom(REQUESTS)
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`count(*) filter (where status = 'unread')`.as('unread'),
      sql<number>`count(*) filter (where status = 'in-progress')`.as('inProgress'),
      sql<number>`count(*) filter (where status = 'resolved')`.as('resolved'),
      sql<number>`count(*) filter (where status = 'archived')`.as('archived'),
      sql<number>`count(*) filter (where priority = 'urgent' and status in ('unread', 'in-progress'))`.as(
        'urgent',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

/** By `_id` (uuid) or by the human-readable requestId, so staff can paste either. */
export async function findSupportRequest(db: Kysely<Database>, idOrRequestId: string, forUpdate = false) {
  let query = db.selectFrom(REQUESTS).selectAll();
  query = UUID_PATTERN.test(idOrRequestId)
    ? query.where('id', '=', idOrRequestId)
    : query.where('request_id', '=', idOrRequestId.toUpperCase());
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function updateSupportStatus(db: Kysely<Database>, id: string, status: SupportStatus) {
  return db
    .updateTable(REQUESTS)
    .set({ status, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function storeSupportResponse(
  db: Kysely<Database>,
  id: string,
  text: string,
  adminUsername: string,
) {
  return db
    .updateTable(REQUESTS)
    .set({
      response_text: text,
      response_sent_at: sql<Date>`now()`,
      responded_by: adminUsername,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
