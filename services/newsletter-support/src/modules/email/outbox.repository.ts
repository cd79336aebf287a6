import { sql, type Kysely } from 'kysely';
import { daysAgo, pruneRows } from '@celebstyle/db';
import type { Database, NewOutboxRow, OutboxRow } from '../../db/database.ts';

const OUTBOX = 'newsletter.email_outbox' as const;

export async function insertOutboxRows(db: Kysely<Database>, rows: NewOutboxRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto(OUTBOX).values(rows).execute();
}

/**
 * Claims a row for sending: pending, or a send that crashed and whose lease ran out. Only one
 * worker wins the claim; the lease stops a second worker from sending the same message meanwhile.
 */
export async function claimOutboxRow(
  db: Kysely<Database>,
  id: string,
  leaseMs: number,
): Promise<OutboxRow | undefined> {
  return db
    .updateTable(OUTBOX)
    .set({
      status: 'sending',
      lease_until: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', sql<Date>`now()`)]),
      ]),
    )
    .returningAll()
    .executeTakeFirst();
}

export async function findOutboxRow(db: Kysely<Database>, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom(OUTBOX).selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markOutboxSent(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable(OUTBOX)
    .set({ status: 'sent', sent_at: sql<Date>`now()`, lease_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt gives the row back, so a retry (or the sweeper) sends it later. */
export async function releaseOutboxRow(db: Kysely<Database>, id: string, error: string): Promise<void> {
  await db
    .updateTable(OUTBOX)
    .set({ status: 'pending', lease_until: null, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/** A permanent refusal (the SMTP server rejected the recipient): never retried. */
export async function markOutboxFailed(db: Kysely<Database>, id: string, error: string): Promise<void> {
  await db
    .updateTable(OUTBOX)
    .set({ status: 'failed', lease_until: null, last_error: error.slice(0, 1000) })
    .where('id', '=', id)
    .execute();
}

/** Unsent rows older than `olderThanMs` (pending, or sending with an expired lease), oldest first. */
export async function listStaleUnsent(
  db: Kysely<Database>,
  olderThanMs: number,
  limit: number,
): Promise<Pick<OutboxRow, 'id' | 'kind'>[]> {
  return db
    .selectFrom(OUTBOX)
    .select(['id', 'kind'])
    .where('created_at', '<', sql<Date>`now() - ${olderThanMs} * interval '1 millisecond'`)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'pending'),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', sql<Date>`now()`)]),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Deletes e-mails sent, or given up on, more than `days` days ago; nothing still to send goes.
 * (A given-up row has no time of its own: it counts from when it was written.)
 */
export function pruneFinishedEmails(db: Kysely<Database>, days: number, now = new Date()): Promise<number> {
  const cutoff = daysAgo(days, now);
  return pruneRows(db, {
    table: 'newsletter.email_outbox',
    where: sql`(status = 'sent' and sent_at < ${cutoff}) or (status = 'failed' and created_at < ${cutoff})`,
  });
}
