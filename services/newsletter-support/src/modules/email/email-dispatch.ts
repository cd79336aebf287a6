import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailSettings } from './mail-settings.ts';
import { toOutboxRow, type OutboxMessage } from './outbox-message.ts';
import { insertOutboxRows } from './outbox.repository.ts';

/** What domain services need to send e-mail: settings to compose, and a way to enqueue after commit. */
export interface EmailDispatch {
  settings: MailSettings;
  /** Enqueues committed outbox rows; never throws (the worker's sweep covers a failure). */
  enqueue(rows: { id: string; kind: string }[]): Promise<void>;
}

/**
 * Transactional outbox: the e-mails are written in the caller's transaction, so they exist exactly
 * when the request's own change does. Returns the rows to enqueue once the transaction commits.
 */
export async function writeOutbox(
  trx: Kysely<Database>,
  settings: MailSettings,
  messages: OutboxMessage[],
): Promise<{ id: string; kind: string }[]> {
  const rows = messages.map((m) => toOutboxRow(settings, m));
  await insertOutboxRows(trx, rows);
  return rows.map((r) => ({ id: r.id, kind: r.kind }));
}
