import {
  LinkValidationText,
  type AuditActor,
  type LinkStatusChangeBody,
  type LinkStatusChangeAnswer,
} from '@celebstyle/contracts';
import type { LinkHealthChangedEvent, LinkHealthStatus } from '@celebstyle/queue';
import { notFound } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { publishAudit, recordAudit, type AuditDeps } from '../audit/link-validation-audit.ts';
import type { AnswerCache } from '../results/answer-cache.ts';
import * as repository from './link-status.repository.ts';

export interface LinkStatusDeps extends AuditDeps {
  db: Kysely<Database>;
  /** The results' totals of this process, stale once a status changes. */
  totals?: AnswerCache<number>;
}

/**
 * §7 update link status. The admin's status is published at once; overridden_status keeps the
 * automatic verdict it replaced (kept across successive changes, cleared when the admin sets that
 * verdict back). The check worker keeps the override while checks return that same verdict and
 * lets any other verdict supersede it. A real change also writes a link-health-changed event to
 * the outbox, in the same transaction.
 */
export async function changeLinkStatus(
  deps: LinkStatusDeps,
  change: LinkStatusChangeBody,
  actor: AuditActor,
): Promise<LinkStatusChangeAnswer> {
  const changedBy = actor.username;
  let auditIds: string[] = [];
  const answer = await deps.db.transaction().execute(async (tx) => {
    const link = await repository.lockLink(tx, change.postId, change.linkIndex);
    if (!(await repository.postIsLive(tx, change.postId))) throw notFound(LinkValidationText.postNotFound);
    if (!link) throw notFound(LinkValidationText.linkNotFound);

    const automatic = link.overridden_status ?? link.link_status;
    const changed = change.newStatus !== link.link_status;
    const notes = change.notes?.trim() ? change.notes.trim() : null;
    const changedAt = await repository.writeOverride(tx, link.id, {
      linkStatus: change.newStatus,
      overriddenStatus: change.newStatus === automatic ? null : automatic,
      changedBy,
      notes,
    });
    const notesBefore = link.status_notes ?? null;
    auditIds = await recordAudit(tx, actor, {
      action: 'link.status-override',
      targetType: 'link',
      targetId: link.id,
      targetLabel: `Link ${change.linkIndex + 1} of ${await repository.postTitle(tx, change.postId)}`,
      batchId: null,
      changes: [
        ...(changed ? [{ field: 'linkStatus', before: link.link_status, after: change.newStatus }] : []),
        ...(notes !== notesBefore ? [{ field: 'notes', before: notesBefore, after: notes }] : []),
      ],
    });
    if (!changed) return { success: true, message: LinkValidationText.statusUnchanged };

    const offer = {
      stockStatus: link.stock_status,
      price: link.price === null ? null : Number(link.price),
      currency: link.currency,
    };
    const event: LinkHealthChangedEvent = {
      postId: link.post_id,
      linkId: link.id,
      status: change.newStatus as LinkHealthStatus,
      ...offer,
      checkedAt: changedAt.toISOString(),
      changed: ['status'],
      previous: { status: link.link_status as LinkHealthStatus, ...offer },
      retailer: link.retailer,
      postTitle: await repository.postTitle(tx, change.postId),
      linkText: link.link_text,
      url: link.original_url,
      realUrl: link.catalog_real_url,
      cleanUrl: link.clean_url,
    };
    await repository.enqueueHealthEvent(tx, event);
    return { success: true, message: LinkValidationText.statusUpdated };
  });
  deps.totals?.clear();
  await publishAudit(deps, auditIds);
  return answer;
}
