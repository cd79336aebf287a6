import type { AuditActor, AuditChange, AuditEventInput } from '@celebstyle/contracts';
import { auditOutbox } from '@celebstyle/db';
import { publishAuditEvents, type AuditEventsQueue } from '@celebstyle/queue';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The support desk's audit outbox (support.audit_outbox). */
export const supportAuditOutbox = auditOutbox('support', 'newsletter-support');

/** Where the support desk's admin writes publish their audit entries after commit. */
export interface AuditDeps {
  db: Kysely<Database>;
  /** Without it the entries wait for the worker's outbox sweep. */
  auditEvents?: AuditEventsQueue;
  onPublishError?(error: unknown): void;
}

/** One entry about one support request, written in the caller's transaction. */
export async function recordSupportAudit(
  trx: Transaction<Database>,
  actor: AuditActor,
  entry: Pick<AuditEventInput, 'action' | 'targetId' | 'targetLabel'> & { changes: AuditChange[] },
): Promise<string[]> {
  return supportAuditOutbox.write(trx, [
    { actor: { _id: actor.id, username: actor.username }, targetType: 'support-request', ...entry },
  ]);
}

/** After commit: the entries go out at once; a failure leaves them to the worker's sweep. */
export async function publishSupportAudit(deps: AuditDeps, ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || !deps.auditEvents) return;
  await publishAuditEvents(supportAuditOutbox.source(deps.db), deps.auditEvents, { ids }).catch(
    (error: unknown) => deps.onPublishError?.(error),
  );
}
