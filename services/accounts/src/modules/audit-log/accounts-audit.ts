import { randomUUID } from 'node:crypto';
import type { AuditActor, AuditChange, AuditEntry } from '@celebstyle/contracts';
import type { Kysely } from 'kysely';
import type { AdminRow, Database } from '../../db/database.ts';
import { insertAuditEntries } from './audit-log.repository.ts';

/** Fields of an admin an entry shows; never the password hash or token internals. */
export const AUDITED_ADMIN_FIELDS = ['username', 'email', 'role', 'isActive'] as const;

/** The audited fields of an admin row, named as the API names them. */
export function auditedAdmin(row: AdminRow | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return { username: row.username, email: row.email, role: row.role, isActive: row.is_active };
}

/**
 * accounts owns the audit log, so its own writes (account changes, sign-ins and sign-outs) go
 * straight into it inside the write's transaction; no outbox is needed.
 */
export async function recordAccountsAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  action: AuditEntry['action'],
  target: { id: string; label: string | null },
  changes: AuditChange[] = [],
): Promise<void> {
  await insertAuditEntries(db, [
    {
      _id: randomUUID(),
      occurredAt: new Date().toISOString(),
      actor: { _id: actor.id, username: actor.username },
      action,
      targetType: 'admin',
      targetId: target.id,
      targetLabel: target.label,
      changes,
      batchId: null,
      service: 'accounts',
    },
  ]);
}
