import type { NormalizedRule } from '@celebstyle/url-cleaning';
import { DelayedError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { checkWithCleaned } from '../checker/check-with-cleaned.ts';
import type { LinkChecker } from '../checker/link-checker.ts';
import { registrableDomain } from '../checker/retailer.ts';
import type { CheckIntervals } from '../scheduling/check-intervals.ts';
import { checkOutcome } from '../scheduling/check-outcome.ts';
import type { HostPoliteness } from '../scheduling/host-politeness.ts';
import type { CheckLinkJob } from '../scheduling/link-check-queues.ts';
import type { CheckWriter } from './check-writer.ts';
import { findLinkToCheck } from './link-check.repository.ts';

export interface LinkCheckDeps {
  db: Kysely<Database>;
  checker: LinkChecker;
  politeness: HostPoliteness;
  rules: () => Promise<readonly NormalizedRule[]>;
  intervals: CheckIntervals;
  /** Writes verdicts, many checks per statement when many finish together. */
  writer: CheckWriter;
}

export type CheckJobOutcome = 'checked' | 'not-due' | 'gone';

/**
 * One link-check job: skips a link that is gone or no longer due at the job's time (already
 * checked by an earlier run of this job), waits its turn at the retailer (the job goes back to the
 * delayed set, without costing an attempt), checks the link and its cleaned form, and records the
 * verdict by the scheduling rules.
 */
export async function processLinkCheck(
  job: Job<CheckLinkJob>,
  token: string | undefined,
  deps: LinkCheckDeps,
): Promise<CheckJobOutcome> {
  const { linkId, dueMs } = job.data;
  const link = await findLinkToCheck(deps.db, linkId);
  if (!link) return 'gone';
  if (link.nextCheckAt.getTime() !== dueMs) return 'not-due';

  const domain = domainOf(link.originalUrl);
  const rules = await deps.rules();
  const slot = `${job.id}:${token ?? ''}`;
  if (domain !== null) {
    const wait = await waitForSlot(deps.politeness, domain, slot);
    if (wait > 0) {
      await job.moveToDelayed(Date.now() + wait, token);
      throw new DelayedError();
    }
  }
  let check;
  try {
    check = await checkWithCleaned(deps.checker, link.originalUrl, rules);
  } finally {
    if (domain !== null) await deps.politeness.release(domain, slot);
  }
  const retryAfter = check.original.retryAfterSeconds ?? check.cleaned?.retryAfterSeconds ?? null;
  if (domain !== null && retryAfter !== null) await deps.politeness.pause(domain, retryAfter * 1000);

  const outcome = checkOutcome(link, check.original.linkStatus, retryAfter, deps.intervals);
  await deps.writer.record({ link, dueAt: new Date(dueMs), check, outcome, checkedAt: new Date() });
  return 'checked';
}

/** A short wait is spent here, polling with growing pauses; past this the job goes back to the delayed set. */
const MAX_IN_PLACE_WAIT_MS = 5_000;

/**
 * Takes a retailer slot, waiting in place while the wait is short (a slot frees when a check of
 * that retailer ends, usually within a second or two): sending the job back to the delayed set for
 * every short wait costs far more than it saves. Returns 0 once the slot is taken, else the wait
 * the limit names (a long Retry-After pause).
 */
async function waitForSlot(politeness: HostPoliteness, domain: string, slot: string): Promise<number> {
  const started = Date.now();
  let pause = 25;
  for (;;) {
    const wait = await politeness.acquire(domain, slot);
    if (wait === 0) return 0;
    if (wait > MAX_IN_PLACE_WAIT_MS || Date.now() - started + wait > MAX_IN_PLACE_WAIT_MS) return wait;
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, pause)));
    pause = Math.min(pause * 2, 400);
  }
}

/** The retailer a link is polite to
: its registrable domain; null for a link that cannot be fetched. */
function domainOf(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return /^https?:$/.test(parsed.protocol) ? registrableDomain(parsed.hostname) : null;
  } catch {
    return null;
  }
}
