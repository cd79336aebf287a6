import type { AuditEntry } from '@celebstyle/contracts';
import { sql, type Kysely } from 'kysely';
import type { AuditLogRow, Database } from '../../db/database.ts';
import type { AuditLogFilters } from './audit-log-filters.ts';

/** Inserts entries by their id: an entry delivered twice is kept once (the consumer's idempotency). */
export async function insertAuditEntries(
  db: Kysely<Database>,
  entries: readonly AuditEntry[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const result = await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        id: entry._id,
        occurred_at: entry.occurredAt,
        actor_id: entry.actor._id,
        actor_username: entry.actor.username,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        target_label: entry.targetLabel,
        changes: JSON.stringify(entry.changes),
        batch_id: entry.batchId,
        service: entry.service,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Matching entries, newest first, after the cursor; `limit` rows at most. */
export async function listAuditEntries(
  db: Kysely<Database>,
  filters: AuditLogFilters,
  limit: number,
): Promise<AuditLogRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filters.actorId) query = query.where('actor_id', '=', filters.actorId);
  if (filters.actorUsername)
    query = query.where(sql<string>`lower(actor_username)`, '=', filters.actorUsername.toLowerCase());
  if (filters.action) query = query.where('action', '=', filters.action);
  if (filters.targetType) query = query.where('target_type', '=', filters.targetType);
  if (filters.targetId) query = query.where('target_id', '=', filters.targetId);
  if (filters.from) query = query.where('occurred_at', '>=', filters.from);
  if (filters.until) query = query.where('occurred_at', '<', filters.until);
  if (filters.after) {
    const { occurredAt, id } = filters.after;
    query = query.where(sql<boolean>`(occurred_at, id) < (${occurredAt}, ${id}::uuid)`);
  }
  return query.orderBy('occurred_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Retention: drops entries that happened before `cutoff`; answers how many went. */
export async function purgeAuditEntriesBefore(db: Kysely<Database>, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('occurred_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function toAuditEntry(row: AuditLogRow): AuditEntry {
  return {
    _id: row.id,
    occurredAt: new Date(row.occurred_at).toISOString(),
    actor: { _id: row.actor_id, username: row.actor_username },
    action: row.action as AuditEntry['action'],
    targetType: row.target_type as AuditEntry['targetType'],
    targetId: row.target_id,
    targetLabel: row.target_label,
    changes: row.changes as AuditEntry['changes'],
    batchId: row.batch_id,
    service: row.service,
  };
}
