import { Queue, type ConnectionOptions, type JobsOptions } from 'bullmq';

/** link-validation's own scheduled work (the due-link sweep, the health outbox sweep). */
export const MAINTENANCE_QUEUE = 'link-validation-maintenance';
export const ENQUEUE_DUE_JOB = 'enqueue-due-links';
export const SWEEP_HEALTH_OUTBOX_JOB = 'sweep-health-outbox';
export const CHECK_LINK_JOB = 'check-link';
export const CHECK_LINKS_JOB = 'check-links';

/** One check of one link, for the time it was due (ms since the epoch, as the link row held it). */
export interface CheckLinkJob {
  linkId: string;
  dueMs: number;
}

/** Checks of several links in one job (the due sweep's jobs): each link for its own due time. */
export interface CheckLinksJob {
  links: CheckLinkJob[];
}

/** What a check job carries: several links (scheduled checks) or one (check now, and older jobs). */
export type LinkCheckJobData = CheckLinkJob | CheckLinksJob;

/** The links a check job asks for, whichever shape it has. */
export function linksOfJob(data: LinkCheckJobData): CheckLinkJob[] {
  return 'links' in data ? data.links : [{ linkId: data.linkId, dueMs: data.dueMs }];
}

/**
 * Links per scheduled job: the job's own cost (taking it from the queue, completing it, reading its
 * links) is paid once for them all, while a job stays short enough to spread over the workers.
 */
export const LINKS_PER_CHECK_JOB = 20;

/** Same link, same due time → same id: however many schedulers run, a due link is queued once. */
export function checkJobId(linkId: string, dueMs: number): string {
  return `check-${linkId}-${dueMs}`;
}

/** A job of several links is named after its first (each link is queued in one job only). */
export function checkLinksJobId(first: CheckLinkJob): string {
  return `checks-${first.linkId}-${first.dueMs}`;
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
