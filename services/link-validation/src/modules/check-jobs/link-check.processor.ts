import { handBackJob } from '@celebstyle/queue';
import type { NormalizedRule } from '@celebstyle/url-cleaning';
import { DelayedError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { LimitFunction } from 'p-limit';
import type { Database } from '../../db/database.ts';
import { checkWithCleaned, type LinkAndCleanedCheck } from '../link-check-engine/check-with-cleaned.ts';
import type { LinkChecker } from '../link-check-engine/link-checker.ts';
import { registrableDomain } from '../link-check-engine/retailer.ts';
import type { CheckIntervals } from '../scheduling/check-intervals.ts';
import { checkOutcome } from '../scheduling/check-outcome.ts';
import type { HostPoliteness } from '../scheduling/host-politeness.ts';
import { linksOfJob, type CheckLinkJob, type LinkCheckJobData } from '../scheduling/link-check-queues.ts';
import type { QueuedLinks } from '../scheduling/queued-links.ts';
import type { SlotWaits } from '../scheduling/slot-waits.ts';
import type { CheckWriter } from './check-writer.ts';
import { findLinksToCheck, type LinkToCheck } from './link-check.repository.ts';

export interface LinkCheckDeps {
  db: Kysely<Database>;
  checker: LinkChecker;
  politeness: HostPoliteness;
  rules: () => Promise<readonly NormalizedRule[]>;
  intervals: CheckIntervals;
  /** Writes verdicts, many checks per statement when many finish together. */
  writer: CheckWriter;
  /** Holds the checks of the worker process, across its jobs, to its concurrency. */
  limit: LimitFunction;
  /** The process's checks waiting for a retailer's slot, woken when one of its checks frees one. */
  slotWaits: SlotWaits;
  /** The marks of queued links, released once a job is done with them (scheduled jobs). */
  queuedLinks: QueuedLinks;
  /** Aborts on SIGTERM: from then on a check not yet started is handed back instead. */
  stopping: AbortSignal;
}

/** A job's own signal: aborts when the shutdown grace is ending, to end its checks and hand them back. */
export interface LinkCheckJobSignal {
  cancel: AbortSignal;
}

/** What a job did with its links. */
export interface CheckJobSummary {
  checked: number;
  /** Already checked for that due time (by an earlier run of the job) or due at another time now. */
  notDue: number;
  /** Removed, or its post deleted. */
  gone: number;
}

type LinkOutcome = 'checked' | 'not-due' | 'gone' | 'handed-back' | { waitMs: number };

/**
 * One check job, of one link or several: reads its links in one query, and checks each that is
 * still due at the job's time (one not due was checked already, by an earlier run of this job),
 * all at once within the process's concurrency, each in its retailer's slot, recording each
 * verdict by the scheduling rules (group commit). A link whose retailer makes it wait long (a
 * Retry-After pause) stays in the job, which goes back to the delayed set with those links alone,
 * without costing an attempt. A failed check or write fails the job once all its checks have
 * ended; its retry skips the links already recorded.
 *
 * Shutdown: once `deps.stopping` aborts, no check of the job starts; checks under way finish and
 * are recorded, and the job goes back to wait at once with the links it did not record, for
 * another worker (never left locked until its lock expires). When `signal.cancel` aborts (the grace
 * is ending), checks under way are stopped and handed back the same way, unrecorded.
 */
export async function processLinkCheck(
  job: Job<LinkCheckJobData>,
  token: string | undefined,
  deps: LinkCheckDeps,
  signal: LinkCheckJobSignal = { cancel: new AbortController().signal },
): Promise<CheckJobSummary> {
  const wanted = linksOfJob(job.data);
  const [links, rules] = await Promise.all([
    findLinksToCheck(
      deps.db,
      wanted.map((entry) => entry.linkId),
    ),
    deps.rules(),
  ]);
  const slot = `${job.id}:${token ?? ''}`;
  const settled = await Promise.allSettled(
    wanted.map((entry) =>
      checkLink(entry, links.get(entry.linkId), rules, `${slot}:${entry.linkId}`, deps, signal.cancel),
    ),
  );
  const failure = settled.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  const outcomes = settled.map((result) => (result as PromiseFulfilledResult<LinkOutcome>).value);

  const handedBack = wanted.filter((_, index) => outcomes[index] === 'handed-back');
  const waiting = wanted.filter((_, index) => typeof outcomes[index] === 'object');
  const done = wanted.filter(
    (_, index) => typeof outcomes[index] !== 'object' && outcomes[index] !== 'handed-back',
  );
  await deps.queuedLinks.release(done);
  if (handedBack.length > 0) {
    // The links stay marked as queued: they are, in this job, at the front of the wait list.
    await job.updateData({ links: [...handedBack, ...waiting] });
    return handBackJob(job, token);
  }
  if (waiting.length > 0) {
    const waitMs = Math.min(
      ...outcomes.filter((outcome) => typeof outcome === 'object').map((outcome) => outcome.waitMs),
    );
    await deps.queuedLinks.extend(waiting, waitMs);
    await job.updateData({ links: waiting });
    await job.moveToDelayed(Date.now() + waitMs, token);
    throw new DelayedError();
  }
  return {
    checked: outcomes.filter((outcome) => outcome === 'checked').length,
    notDue: outcomes.filter((outcome) => outcome === 'not-due').length,
    gone: outcomes.filter((outcome) => outcome === 'gone').length,
  };
}

async function checkLink(
  entry: CheckLinkJob,
  link: LinkToCheck | undefined,
  rules: readonly NormalizedRule[],
  slot: string,
  deps: LinkCheckDeps,
  cancel: AbortSignal,
): Promise<LinkOutcome> {
  if (!link) return 'gone';
  if (link.nextCheckAt.getTime() !== entry.dueMs) return 'not-due';
  const domain = domainOf(link.originalUrl);
  // Only the check itself holds a place in the process's concurrency: a wait for the retailer's
  // slot or for the write leaves it to a check that can run.
  const started = Date.now();
  let pause = 25;
  let checked: CheckInSlot;
  for (;;) {
    const attempt = await deps.limit(() => checkInSlot(link.originalUrl, domain, rules, slot, deps, cancel));
    if (typeof attempt !== 'number') {
      checked = attempt;
      break;
    }
    if (attempt === HANDED_BACK) return 'handed-back';
    if (attempt > MAX_IN_PLACE_WAIT_MS || Date.now() - started + attempt > MAX_IN_PLACE_WAIT_MS)
      return { waitMs: attempt };
    await deps.slotWaits.wait(domain!, Math.min(attempt, pause));
    pause = Math.min(pause * 2, 400);
  }
  const { check, released } = checked;
  await released;
  // Stopped by the shutdown, its verdict says nothing about the link.
  if (cancel.aborted) return 'handed-back';
  const retryAfter = check.original.retryAfterSeconds ?? check.cleaned?.retryAfterSeconds ?? null;
  if (domain !== null && retryAfter !== null) await deps.politeness.pause(domain, retryAfter * 1000);

  const outcome = checkOutcome(link, check.original.linkStatus, retryAfter, deps.intervals);
  await deps.writer.record({
    link,
    dueAt: new Date(entry.dueMs),
    check,
    outcome,
    checkedAt: new Date(),
  });
  return 'checked';
}

/** A short wait is spent in the job, with growing pauses; past this the job goes back to the delayed set. */
const MAX_IN_PLACE_WAIT_MS = 5_000;
/** What checkInSlot answers when the worker began shutting down before the slot was taken. */
const HANDED_BACK = -1;

/** A check done in its retailer's slot, and the freeing of that slot (sent, not yet answered). */
interface CheckInSlot {
  check: LinkAndCleanedCheck;
  released: Promise<void>;
}

/**
 * Takes the retailer's slot (none for a link that cannot be fetched) and checks the link in it.
 * Answers the wait the limit names when the slot is not free (a short wait is spent in the job: a
 * slot frees when a check of that retailer ends, usually within a second or two, and sending the
 * job back to the delayed set for every short wait costs far more than it saves), or HANDED_BACK
 * once `deps.stopping` aborts. The slot is freed as soon as the check ends, and the place in the
 * concurrency with it, without waiting for Redis's answer: the next check's request for a slot
 * then usually goes to Redis in the same write as this release (the slot connection auto-pipelines
 * the commands of one turn of the event loop), and a check of this process waiting for the
 * retailer is woken to ask (its request follows the release on the same connection, so Redis sees
 * the slot free).
 */
async function checkInSlot(
  url: string,
  domain: string | null,
  rules: readonly NormalizedRule[],
  slot: string,
  deps: LinkCheckDeps,
  cancel: AbortSignal,
): Promise<CheckInSlot | number> {
  if (deps.stopping.aborted) return HANDED_BACK;
  if (domain === null) {
    return { check: await checkWithCleaned(deps.checker, url, rules, cancel), released: Promise.resolve() };
  }
  const wait = await deps.politeness.acquire(domain, slot);
  if (wait > 0) return wait;
  let check: LinkAndCleanedCheck;
  try {
    check = await checkWithCleaned(deps.checker, url, rules, cancel);
  } catch (err) {
    await freeSlot(domain, slot, deps);
    throw err;
  }
  return { check, released: freeSlot(domain, slot, deps) };
}

/** Frees a retailer's slot and wakes a check of this process waiting for it. */
function freeSlot(domain: string, slot: string, deps: LinkCheckDeps): Promise<void> {
  const released = deps.politeness.release(domain, slot);
  // Awaited by the caller a few microtasks later; handled now so that an early failure is not
  // reported as unhandled meanwhile.
  released.catch(() => undefined);
  deps.slotWaits.wake(domain);
  return released;
}

/** The retailer a link is polite to: its registrable domain; null for a link that cannot be fetched. */
function domainOf(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return /^https?:$/.test(parsed.protocol) ? registrableDomain(parsed.hostname) : null;
  } catch {
    return null;
  }
}
