import type { LinkCheckBacklogAnswer } from '@celebstyle/contracts';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import { isoDateOrNull } from '@celebstyle/db';
import type { Database } from '../../db/database.ts';
import { createQueuedLinks } from './queued-links.ts';

export interface CheckBacklogDeps {
  db: Kysely<Database>;
  redis: Redis;
  /** The queue prefix the workers use (QUEUE_PREFIX). */
  prefix: string;
}

const lastSweepKey = (prefix: string) => `${prefix}:link-validation:last-due-sweep`;

/** Called by the worker after each due-link sweep: the time the Dashboard shows as the last sweep. */
export async function recordDueSweep(redis: Redis, prefix: string, at = new Date()): Promise<void> {
  await redis.set(lastSweepKey(prefix), at.toISOString());
}

/** The link-check backlog as the Dashboard shows it (contracts' LinkCheckBacklogAnswer). */
export async function readCheckBacklog(deps: CheckBacklogDeps): Promise<LinkCheckBacklogAnswer> {
  const [due, last, queued, lastSweepAt] = await Promise.all([
    deps.db
      .selectFrom('link_validation.link_schedule as s')
      .innerJoin('link_validation.posts as p', 'p.id', 's.post_id')
      .select([sql<number>`count(*)::int`.as('count'), sql<Date | null>`min(s.next_check_at)`.as('oldest')])
      .where('p.deleted', '=', false)
      .where('s.next_check_at', '<=', sql<Date>`now()`)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('link_validation.link_schedule')
      .select(sql<Date | null>`max(last_checked)`.as('at'))
      .executeTakeFirstOrThrow(),
    createQueuedLinks(deps.redis, deps.prefix).count(),
    deps.redis.get(lastSweepKey(deps.prefix)),
  ]);
  return {
    dueLinks: due.count,
    queuedLinks: queued,
    oldestDueAt: isoDateOrNull(due.oldest),
    lastSweepAt,
    lastCheckAt: isoDateOrNull(last.at),
  };
}
