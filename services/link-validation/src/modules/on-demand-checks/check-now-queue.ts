import { Queue, type ConnectionOptions } from 'bullmq';
import {
  CHECK_JOB_OPTIONS,
  CHECK_LINK_JOB,
  checkJobId,
  type CheckLinkJob,
} from '../scheduling/link-check-queues.ts';

/**
 * Checks an admin asked for ("check now"). A queue of its own, drained by worker slots of their
 * own, so such a check never waits behind the scheduled backlog (up to 20,000 jobs); the jobs are
 * the scheduled ones' (same data, same processor, same per-retailer limits).
 */
export const CHECK_NOW_QUEUE = 'link-checks-now';

/** Slots per worker process for check-now jobs, on top of LINK_CHECK_CONCURRENCY. */
export const CHECK_NOW_CONCURRENCY = 4;

export type CheckNowQueue = Queue<CheckLinkJob>;

export function createCheckNowQueue(connection: ConnectionOptions, prefix: string): CheckNowQueue {
  return new Queue<CheckLinkJob>(CHECK_NOW_QUEUE, { connection, prefix });
}

/**
 * Queues the check of a link due at `dueMs` unless one is already waiting, delayed or running; the
 * job id is the scheduled job's (link and due time), so one request can only ever queue it once.
 * A finished job of the same id (its check could not be recorded) is replaced. Returns whether a
 * job was queued.
 */
export async function queueCheckNow(queue: CheckNowQueue, linkId: string, dueMs: number): Promise<boolean> {
  const jobId = checkJobId(linkId, dueMs);
  const state = await queue.getJobState(jobId);
  if (state === 'completed' || state === 'failed') await queue.remove(jobId);
  // 'unknown': no such job; anything else is waiting, delayed or running.
  else if (state !== 'unknown') return false;
  await queue.add(CHECK_LINK_JOB, { linkId, dueMs }, { ...CHECK_JOB_OPTIONS, jobId });
  return true;
}
