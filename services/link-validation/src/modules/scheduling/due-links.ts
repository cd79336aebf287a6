import type { Queue } from 'bullmq';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { CHECK_JOB_OPTIONS, CHECK_LINK_JOB, checkJobId, type CheckLinkJob } from './link-check-queues.ts';

export interface DueSweepLimits {
  /** Links read and queued per round trip. */
  batch: number;
  /** Stop once this many checks wait in the queue: the next sweep queues the rest. */
  maxBacklog: number;
  /** Queue only links this accepts (pinned-only mode: links to pinned hosts); every link when absent. */
  accept?: (url: string) => boolean;
}

export const DEFAULT_DUE_SWEEP: DueSweepLimits = { batch: 1_000, maxBacklog: 20_000 };

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
 * Queues the links
 whose next check is due, oldest first, until none is left or the queue holds
 * `maxBacklog` waiting checks. Job ids are deterministic (link and due time), so a link already
 * queued, delayed or running is not queued again however many schedulers call this.
 */
export async function enqueueDueLinks(
  db: Kysely<Database>,
  queue: Queue<CheckLinkJob>,
  limits: DueSweepLimits = DEFAULT_DUE_SWEEP,
): Promise<number> {
  let queued = 0;
  let after: { due: Date; id: string } | null = null;
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed');
    const backlog = (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0);
    if (backlog >= limits.maxBacklog) return queued;
    let query = db
      .selectFrom('link_validation.links as l')
      .innerJoin('link_validation.posts as p', 'p.id', 'l.post_id')
      .select(['l.id', 'l.next_check_at', 'l.original_url'])
      .where('p.deleted', '=', false)
      .where('l.next_check_at', '<=', sql<Date>`now()`)
      .orderBy('l.next_check_at')
      .orderBy('l.id')
      .limit(Math.min(limits.batch, limits.maxBacklog - backlog));
    if (after) {
      const cursor = after;
      query = query.where((eb) =>
        eb.or([
          eb('l.next_check_at', '>', cursor.due),
          eb.and([eb('l.next_check_at', '=', cursor.due), eb('l.id', '>', cursor.id)]),
        ]),
      );
    }
    const due = await query.execute();
    if (due.length === 0) return queued;
    const accepted = interleaveHosts(
      limits.accept ? due.filter((row) => limits.accept!(row.original_url)) : due,
    );
    await queue.addBulk(
      accepted.map((row) => {
        // Milliseconds, as the job and the link row compare them (PostgreSQL keeps microseconds).
        const dueMs = row.next_check_at.getTime();
        return {
          name: CHECK_LINK_JOB,
          data: { linkId: row.id, dueMs },
          opts: { ...CHECK_JOB_OPTIONS, jobId: checkJobId(row.id, dueMs) },
        };
      }),
    );
    queued += accepted.length;

    const last = due[due.length - 1]!;
    after = { due: last.next_check_at, id: last.id };
    if (due.length < limits.batch) return queued;
  }
}
