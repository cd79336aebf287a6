import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  CHECK_JOB_OPTIONS,
  CHECK_LINKS_JOB,
  LINKS_PER_CHECK_JOB,
  checkLinksJobId,
  type CheckLinkJob,
  type LinkCheckJobData,
} from './link-check-queues.ts';
import type { QueuedLinks } from './queued-links.ts';

export interface DueSweepLimits {
  /** Links read and queued per round trip. */
  batch: number;
  /** Stop once this many checks wait in the queue (or run): the next sweep queues the rest. */
  maxBacklog: number;
  /** Links per job. */
  jobSize: number;
  /** Queue only links this accepts (pinned-only mode: links to pinned hosts); every link when absent. */
  accept?: (url: string) => boolean;
}

export const DEFAULT_DUE_SWEEP: DueSweepLimits = {
  batch: 1_000,
  maxBacklog: 20_000,
  jobSize: LINKS_PER_CHECK_JOB,
};

/**
 * Orders a batch round-robin over link hosts (oldest first within a host), so that the checks a
 * worker takes next are spread over retailers rather than queued behind one retailer's limit.
 */
export function interleaveHosts<T extends { original_url: string }>(rows: readonly T[]): T[] {
  const byHost = new Map<string, T[]>();
  for (const row of rows) {
    const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:]+)/i.exec(row.original_url)?.[1]?.toLowerCase() ?? '';
    const list = byHost.get(host);
    if (list) list.push(row);
    else byHost.set(host, [row]);
  }
  const lists = [...byHost.values()];
  const ordered: T[] = [];
  for (let round = 0; ordered.length < rows.length; round += 1) {
    for (const list of lists) if (round < list.length) ordered.push(list[round]!);
  }
  return ordered;
}

/**
 * Queues the links whose next check is due, oldest first, `jobSize` links per job spread over
 * retailers, until none is left or `maxBacklog` checks are queued. A link is queued only if it is
 * not marked queued already (queued-links.ts), so a link queued, delayed or being checked is not
 * queued again however many schedulers call this. Returns the links queued by this call.
 */
export async function enqueueDueLinks(
  db: Kysely<Database>,
  queue: Queue<LinkCheckJobData>,
  queuedLinks: QueuedLinks,
  limits: DueSweepLimits = DEFAULT_DUE_SWEEP,
): Promise<number> {
  let queued = 0;
  let after: { due: Date; id: string } | null = null;
  for (;;) {
    const backlog = await queuedLinks.count();
    if (backlog >= limits.maxBacklog) return queued;
    let query = db
      .selectFrom('link_validation.link_schedule as s')
      .innerJoin('link_validation.links as l', 'l.id', 's.link_id')
      .innerJoin('link_validation.posts as p', 'p.id', 'l.post_id')
      .select(['l.id', 's.next_check_at', 'l.original_url'])
      .where('p.deleted', '=', false)
      .where('s.next_check_at', '<=', sql<Date>`now()`)
      .orderBy('s.next_check_at')
      .orderBy('s.link_id')
      .limit(Math.min(limits.batch, limits.maxBacklog - backlog));
    if (after) {
      const cursor = after;
      query = query.where((eb) =>
        eb.or([
          eb('s.next_check_at', '>', cursor.due),
          eb.and([eb('s.next_check_at', '=', cursor.due), eb('s.link_id', '>', cursor.id)]),
        ]),
      );
    }
    const due = await query.execute();
    if (due.length === 0) return queued;
    const accepted = interleaveHosts(
      limits.accept ? due.filter((row) => limits.accept!(row.original_url)) : due,
    );
    // Milliseconds, as the job and the link row compare them (PostgreSQL keeps microseconds).
    const links = await queuedLinks.claim(
      accepted.map((row) => ({ linkId: row.id, dueMs: row.next_check_at.getTime() })),
    );
    const jobs: CheckLinkJob[][] = [];
    for (let start = 0; start < links.length; start += limits.jobSize)
      jobs.push(links.slice(start, start + limits.jobSize));
    await queue.addBulk(
      jobs.map((jobLinks) => ({
        name: CHECK_LINKS_JOB,
        data: { links: jobLinks },
        opts: { ...CHECK_JOB_OPTIONS, jobId: checkLinksJobId(jobLinks[0]!) },
      })),
    );
    queued += links.length;

    const last = due[due.length - 1]!;
    after = { due: last.next_check_at, id: last.id };
    if (due.length < limits.batch) return queued;
  }
}
