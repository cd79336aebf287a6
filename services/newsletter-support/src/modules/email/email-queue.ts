import { QueueContracts, withTraceContext, type EmailJob, type EmailKind } from '@celebstyle/queue';
import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';

/** The periodic sweep's payload (it carries nothing; the outbox is the source of truth). */
export interface OutboxSweepJob {
  sweep: true;
}
export type EmailQueueJob = EmailJob | OutboxSweepJob;
export type EmailQueue = Queue<EmailQueueJob>;

/** Job name of the periodic outbox sweep, on the same queue as the deliveries. */
export const OUTBOX_SWEEP_JOB = 'outbox-sweep';
/** Job name of the outbox retention (sent and given-up e-mails past OUTBOX_RETENTION_DAYS). */
export const OUTBOX_PRUNE_JOB = 'outbox-prune';
export const DELIVERY_JOB = QueueContracts.emailDelivery.jobName;

export interface DeliveryRetryPolicy {
  attempts: number;
  /** First backoff in ms; doubles each attempt (BullMQ exponential backoff). */
  backoffMs: number;
}

export const DEFAULT_RETRY_POLICY: DeliveryRetryPolicy = { attempts: 8, backoffMs: 5_000 };

export function createEmailQueue(connection: ConnectionOptions, prefix: string): EmailQueue {
  return new Queue<EmailQueueJob>(QueueContracts.emailDelivery.name, { connection, prefix });
}

export function deliveryJobOptions(outboxId: string, policy: DeliveryRetryPolicy): JobsOptions {
  // The outbox id is the job id: adding the same row twice yields one job (idempotent producer).
  return {
    ...QueueContracts.emailDelivery.jobOptions,
    jobId: outboxId,
    attempts: policy.attempts,
    backoff: { type: 'exponential', delay: policy.backoffMs },
  };
}

function addDelivery(queue: EmailQueue, row: { id: string; kind: string }, policy: DeliveryRetryPolicy) {
  return queue.add(
    DELIVERY_JOB,
    withTraceContext({ kind: row.kind as EmailKind, outboxId: row.id }),
    deliveryJobOptions(row.id, policy),
  );
}

/**
 * Request path: puts freshly committed outbox rows on the queue. When Redis is down the rows stay
 * in the outbox and the worker's sweep enqueues them later, so a failure here loses nothing.
 */
export async function enqueueNewDeliveries(
  queue: EmailQueue,
  rows: { id: string; kind: string }[],
  policy: DeliveryRetryPolicy,
): Promise<void> {
  await Promise.all(rows.map((row) => addDelivery(queue, row, policy)));
}

/** A digest's many rows: added in bulk (one round trip per chunk), each under its outbox id. */
export async function enqueueDeliveriesInBulk(
  queue: EmailQueue,
  rows: { id: string; kind: string }[],
  policy: DeliveryRetryPolicy,
  chunk = 1_000,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunk) {
    await queue.addBulk(
      rows.slice(start, start + chunk).map((row) => ({
        name: DELIVERY_JOB,
        data: { kind: row.kind as EmailKind, outboxId: row.id },
        opts: deliveryJobOptions(row.id, policy),
      })),
    );
  }
}

/**
 * Sweep path: makes sure an unsent row has a live job. A job whose attempts ran out stays in the
 * failed set and would block a re-add of its id, so it is retried instead; a waiting, delayed or
 * active job is left alone.
 */
export async function ensureDeliveriesQueued(
  queue: EmailQueue,
  rows: { id: string; kind: string }[],
  policy: DeliveryRetryPolicy,
): Promise<number> {
  let requeued = 0;
  for (const row of rows) {
    const job = await queue.getJob(row.id);
    if (!job) {
      await addDelivery(queue, row, policy);
      requeued += 1;
    } else if (await job.isFailed()) {
      await job.retry('failed');
      requeued += 1;
    } else if (await job.isCompleted()) {
      await job.remove();
      await addDelivery(queue, row, policy);
      requeued += 1;
    }
  }
  return requeued;
}
