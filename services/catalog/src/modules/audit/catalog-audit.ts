import {
  changedFields,
  type AuditActor,
  type AuditChange,
  type AuditEventInput,
} from '@celebstyle/contracts';
import { auditOutbox } from '@celebstyle/db';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/** catalog's audit outbox (catalog.audit_outbox). */
export const catalogAuditOutbox = auditOutbox('catalog', 'catalog');

/**
 * Writes audit entries of catalog's admin writes into its audit outbox, inside the write's own
 * transaction: a write that rolls back leaves no entry. Returns the ids to publish after commit.
 */
export async function recordCatalogAudit(
  trx: Transaction<Database>,
  entries: readonly AuditEventInput[],
): Promise<string[]> {
  return catalogAuditOutbox.write(trx, entries);
}

/** One entry about one record: the fields of `fields` that differ between before and after. */
export function recordEntry(
  trx: Transaction<Database>,
  actor: AuditActor,
  entry: Pick<AuditEventInput, 'action' | 'targetType' | 'targetId' | 'targetLabel'> & {
    before: object | null;
    after: object | null;
    fields: readonly string[];
    extraChanges?: AuditChange[];
  },
): Promise<string[]> {
  const { before, after, fields, extraChanges, ...target } = entry;
  const asRecord = (value: object | null) => value as Record<string, unknown> | null;
  const changes = [...changedFields(asRecord(before), asRecord(after), fields), ...(extraChanges ?? [])];
  return recordCatalogAudit(trx, [
    { actor: { _id: actor.id, username: actor.username }, ...target, changes },
  ]);
}
