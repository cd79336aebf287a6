import type { EmailJob } from '@celebstyle/queue';
import { UnrecoverableError } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MailTransport } from './mail-transport.ts';
import {
  claimOutboxRow,
  findOutboxRow,
  markOutboxFailed,
  markOutboxSent,
  releaseOutboxRow,
} from './outbox.repository.ts';

export type DeliveryOutcome = 'sent' | 'already-done' | 'missing';

/** SMTP 5xx is a permanent refusal (RFC 5321 §4.2.1); anything else (down, timeout, 4xx) is retried. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Delivers one outbox row, at most once per successful claim:
 * 1. claim the row (pending, or a crashed send whose lease expired) with a lease;
 * 2. send it with its fixed Message-ID;
 * 3. mark it sent.
 * A second job for a row that is sent returns at once. Residual window: a crash after the SMTP
 * server accepted the message and before step 3 leaves the row claimed; once its lease expires it
 * is sent again, with the same Message-ID so receivers can recognise the duplicate. No SMTP
 * exchange can close that window (the accept and our commit are two systems).
 */
export async function deliverOutboxRow(
  db: Kysely<Database>,
  transport: MailTransport,
  job: EmailJob,
  leaseMs: number,
): Promise<DeliveryOutcome> {
  const row = await claimOutboxRow(db, job.outboxId, leaseMs);
  if (!row) {
    const current = await findOutboxRow(db, job.outboxId);
    if (!current) return 'missing';
    if (current.status === 'sent' || current.status === 'failed') return 'already-done';
    // Another attempt holds a live lease: retry after backoff rather than send in parallel.
    throw new Error(`outbox row ${job.outboxId} is being sent by another attempt`);
  }
  try {
    await transport.send(row);
  } catch (error) {
    if (isPermanent(error)) {
      await markOutboxFailed(db, row.id, describe(error));
      throw new UnrecoverableError(`recipient refused: ${describe(error)}`);
    }
    await releaseOutboxRow(db, row.id, describe(error));
    throw error;
  }
  await markOutboxSent(db, row.id);
  return 'sent';
}
