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

export type DeliveryOutcome = 'sent' | 'already-done' | 'missing' | 'handed-back';

/** SMTP 5xx is a permanent refusal (RFC 5321 §4.2.1); anything else (down, timeout, 4xx) is retried. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The SMTP server has the message: mark the row sent, trying again while PostgreSQL does not answer
 * (a restart, a failover) for up to half the lease. Giving up at the first error would leave the row
 * claimed, and once the lease ran out the message would be sent a second time.
 */
async function markSentWhenPossible(db: Kysely<Database>, id: string, leaseMs: number): Promise<void> {
  const deadline = Date.now() + leaseMs / 2;
  for (let waitMs = 200; ; waitMs = Math.min(waitMs * 2, 2_000)) {
    try {
      await markOutboxSent(db, id);
      return;
    } catch (error) {
      if (Date.now() + waitMs > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

/**
 * Delivers one outbox row, at most once per successful claim:
 * 1. claim the row (pending, or a crashed send whose lease expired) with a lease;
 * 2. send it with its fixed Message-ID;
 * 3. mark it sent.
 * A second job for a row that is sent returns at once. Step 3 is retried while PostgreSQL does not
 * answer, for up to half the lease. Residual window: a crash after the SMTP server accepted the
 * message and before step 3 (or PostgreSQL away for longer than that) leaves the row claimed; once
 * its lease expires it is sent again, with the same Message-ID so receivers can recognise the
 * duplicate. No SMTP exchange can close that window (the accept and our commit are two systems).
 *
 * When `handBack` aborts during the send (the worker's shutdown grace is ending), the row goes
 * back to pending at once, for the next attempt, instead of staying claimed for its whole lease:
 * 'handed-back'. The same residual window applies to a send the server accepts after that moment.
 */
export async function deliverOutboxRow(
  db: Kysely<Database>,
  transport: MailTransport,
  job: EmailJob,
  leaseMs: number,
  handBack?: AbortSignal,
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
    const sending = transport.send(row);
    if ((await untilAborted(sending, handBack)) === 'aborted') {
      sending.catch(() => undefined);
      await releaseOutboxRow(db, row.id, 'handed back: the worker shut down before the SMTP server answered');
      return 'handed-back';
    }
  } catch (error) {
    if (isPermanent(error)) {
      await markOutboxFailed(db, row.id, describe(error));
      throw new UnrecoverableError(`recipient refused: ${describe(error)}`);
    }
    await releaseOutboxRow(db, row.id, describe(error));
    throw error;
  }
  await markSentWhenPossible(db, row.id, leaseMs);
  return 'sent';
}

/** Resolves 'done' when `work` does, or 'aborted' as soon as `signal` aborts; rejects as `work` does. */
async function untilAborted(
  work: Promise<void>,
  signal: AbortSignal | undefined,
): Promise<'done' | 'aborted'> {
  if (!signal) return work.then(() => 'done');
  let stop = () => undefined as void;
  const aborted = new Promise<'aborted'>((resolve) => {
    const onAbort = () => resolve('aborted');
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    stop = () => signal.removeEventListener('abort', onAbort);
  });
  try {
    return await Promise.race([work.then(() => 'done' as const), aborted]);
  } finally {
    stop();
  }
}
