import { daysAgo, pruneRows } from '@celebstyle/db';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Deletes post-changed events published more than `days` days ago; unpublished ones always stay. */
export function prunePublishedPostEvents(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
): Promise<number> {
  return pruneRows(db, { table: 'post_events_outbox', where: sql`published_at < ${daysAgo(days, now)}` });
}
