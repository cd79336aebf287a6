import { handBackJob } from '@celebstyle/queue';
import type { NormalizedRule } from '@celebstyle/url-cleaning';
import { DelayedError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { LimitFunction } from 'p-limit';
import type { Database } from '../../db/database.ts';
import { checkWithCleaned } from '../link-check-engine/check-with-cleaned.ts';
import type { LinkChecker } from '../link-check-engine/link-checker.ts';
import { registrableDomain } from '../link-check-engine/retailer.ts';
import type { CheckIntervals } from '../scheduling/check-intervals.ts';
import { checkOutcome } from '../scheduling/check-outcome.ts';
import type { HostPoliteness } from '../scheduling/host-politeness.ts';
import { linksOfJob, type CheckLinkJob, type LinkCheckJobData } from '../scheduling/link-check-queues.ts';
import type { QueuedLinks } from '../scheduling/queued-links.ts';
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
      deps.limit(() =>
        deps.stopping.aborted
          ? 'handed-back'
          : checkLink(entry, links.get(entry.linkId), rules, `${slot}:${entry.linkId}`, deps, signal.cancel),
      ),
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
  if (domain !== null) {
    const waitMs = await waitForSlot(deps.politeness, domain, slot, deps.stopping);
    if (waitMs === HANDED_BACK) return 'handed-back';
    if (waitMs > 0) return { waitMs };
  }
  let check;
  try {
    check = await checkWithCleaned(deps.checker, link.originalUrl, rules, cancel);
  } finally {
    if (domain !== null) await deps.politeness.release(domain, slot);
  }
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

/** A short wait is spent here, polling with growing pauses; past this the job goes back to the delayed set. */
const MAX_IN_PLACE_WAIT_MS = 5_000;
/** What waitForSlot answers when the worker began shutting down before the slot was taken. */
const HANDED_BACK = -1;

/**
 * Takes a retailer slot, waiting in place while the wait is short (a slot frees when a check of
 * that retailer ends, usually within a second or two): sending the job back to the delayed set for
 * every short wait costs far more than it saves. Returns 0 once the slot is taken, else the wait
 * the limit names (a long Retry-After pause), or HANDED_BACK once `stopping` aborts.
 */
async function waitForSlot(
  politeness: HostPoliteness,
  domain: string,
  slot: string,
  stopping: AbortSignal,
): Promise<number> {
  const started = Date.now();
  let pause = 25;
  for (;;) {
    if (stopping.aborted) return HANDED_BACK;
    const wait = await politeness.acquire(domain, slot);
    if (wait === 0) return 0;
    if (wait > MAX_IN_PLACE_WAIT_MS || Date.now() - started + wait > MAX_IN_PLACE_WAIT_MS) return wait;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, pause)));
    pause = Math.min(pause * 2, 400);
  }
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
