import {
  changedFields,
  type AuditActor,
  type AuditChange,
  type AuditEventInput,
} from '@celebstyle/contracts';
import { auditOutbox } from '@celebstyle/db';
import { publishAuditEvents, type AuditEventsQueue } from '@celebstyle/queue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/** link-validation's audit outbox (link_validation.audit_outbox). */
export const linkValidationAuditOutbox = auditOutbox('link_validation', 'link-validation');

/** Where link-validation's admin writes record and publish their audit entries. */
export interface AuditDeps {
  db: Kysely<Database>;
  /** Publishes entries right after commit; without it they wait for the worker's outbox sweep. */
  auditEvents?: AuditEventsQueue;
  onPublishError?(error: unknown): void;
}

/** One entry about one record, written in the caller's transaction (a rollback leaves none). */
export async function recordAudit(
  trx: Transaction<Database>,
  actor: AuditActor,
  entry: Pick<AuditEventInput, 'action' | 'targetType' | 'targetId' | 'targetLabel' | 'batchId'> & {
    changes: AuditChange[];
  },
): Promise<string[]> {
  return linkValidationAuditOutbox.write(trx, [
    { actor: { _id: actor.id, username: actor.username }, ...entry },
  ]);
}

export const diff = (
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields: readonly string[],
) => changedFields(before, after, fields);

/** After commit: the entries go out at once; a failure leaves them to the worker's sweep. */
export async function publishAudit(deps: AuditDeps, ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || !deps.auditEvents) return;
  await publishAuditEvents(linkValidationAuditOutbox.source(deps.db), deps.auditEvents, { ids }).catch(
    (error: unknown) => deps.onPublishError?.(error),
  );
}
