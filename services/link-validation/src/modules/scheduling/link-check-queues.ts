import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';

/** link-validation's own scheduled work (the due-link sweep, the health outbox sweep). */
export const MAINTENANCE_QUEUE = 'link-validation-maintenance';
export const ENQUEUE_DUE_JOB = 'enqueue-due-links';
export const SWEEP_HEALTH_OUTBOX_JOB = 'sweep-health-outbox';
export const CHECK_LINK_JOB = 'check-link';

/** One check of one link, for the time it was due (ms since the epoch, as the link row held it). */
export interface CheckLinkJob {
  linkId: string;
  dueMs: number;
}

/** Same link, same due time → same id: however many schedulers run, a due link is queued once. */
export function checkJobId(linkId: string, dueMs: number): string {
  return `check-${linkId}-${dueMs}`;
}

export const CHECK_JOB_OPTIONS: JobsOptions = {
  // Attempts cover infrastructure failures (database down); a link's own failure is a verdict.
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
};

export function createMaintenanceQueue(connection: ConnectionOptions, prefix: string): Queue {
  return new Queue(MAINTENANCE_QUEUE, { connection, prefix });
}
