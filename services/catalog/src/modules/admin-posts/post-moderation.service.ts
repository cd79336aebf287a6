import { randomUUID } from 'node:crypto';
import type {
  AuditActor,
  AuditEventInput,
  BulkPostOutcome,
  BulkPostsAnswer,
  PostStatus,
} from '@celebstyle/contracts';
import { badRequest, conflict, type Log, notFound } from '@celebstyle/service-kit';
import { sql } from 'kysely';
import type { StoreContext } from '../../lib/store-context.ts';
import { recordCatalogAudit } from '../audit/catalog-audit.ts';
import { nextUpdatedAt, recordPostDeletions, recordPostEvents } from '../post-events/post-events.outbox.ts';
import { moderationRefusal, type PostModerationAction } from '@celebstyle/contracts';
import { statusAfter } from './post-moderation.rules.ts';
import { afterPostWrite } from './post-write-effects.ts';

/** admin.md §5: the reason must be non-empty after trimming. */
export function rejectionReasonOf(text: string | undefined): string {
  const reason = text?.trim() ?? '';
  if (reason === '') throw badRequest('Please provide a rejection reason');
  return reason;
}

export interface ModerationOptions {
  /** Who acts: named in each post's audit entry. */
  actor: AuditActor;
  rejectionReason?: string;
  /** A bulk call: its entries share one batch id. */
  bulk?: boolean;
}

interface LockedPost {
  id: string;
  title: string;
  status: PostStatus;
  rejection_reason: string | null;
}

/** One audit entry per changed post: its status (and rejection reason) before and after. */
function moderationAudit(
  action: PostModerationAction,
  changed: { row: LockedPost; status: PostStatus | null }[],
  options: ModerationOptions,
): AuditEventInput[] {
  const batchId = options.bulk ? randomUUID() : null;
  const reasonAfter = action === 'reject' ? (options.rejectionReason ?? null) : null;
  const touchesReason = action !== 'hide' && action !== 'unhide';
  return changed.map(({ row, status }) => ({
    actor: { _id: options.actor.id, username: options.actor.username },
    action: `post.${action}`,
    targetType: 'post',
    targetId: row.id,
    targetLabel: row.title,
    batchId,
    changes: [
      { field: 'status', before: row.status, after: status },
      ...(touchesReason && row.rejection_reason !== reasonAfter
        ? [{ field: 'rejectionReason', before: row.rejection_reason, after: reasonAfter }]
        : []),
    ],
  }));
}

/**
 * Applies one moderation action to posts in one transaction (the posts are locked, so concurrent
 * actions on the same post queue up), with one outbox event and one audit entry per changed post,
 * and answers what happened to each id in the order given.
 */
export async function moderatePosts(
  ctx: StoreContext,
  log: Log,
  action: PostModerationAction,
  postIds: readonly string[],
  options: ModerationOptions,
): Promise<BulkPostsAnswer> {
  const { rejectionReason } = options;
  const { results, outboxIds, auditIds } = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('posts')
      .select(['id', 'title', 'status', 'status_before_hidden', 'rejection_reason'])
      .where('id', 'in', [...postIds])
      .forUpdate()
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const eligible: string[] = [];
    const changed: { row: LockedPost; status: PostStatus | null }[] = [];
    const results: BulkPostOutcome[] = postIds.map((postId) => {
      const row = byId.get(postId);
      if (!row) return { postId, outcome: 'not_found', status: null, message: 'Post not found' };
      const refused = moderationRefusal(action, row.status);
      if (refused) return { postId, outcome: 'skipped', status: row.status, message: refused };
      eligible.push(postId);
      const status = statusAfter(action, row.status, row.status_before_hidden);
      changed.push({ row, status: action === 'delete' ? null : status });
      return { postId, outcome: 'done', status, message: null };
    });
    if (eligible.length === 0) return { results, outboxIds: [] as string[], auditIds: [] as string[] };
    const auditIds = await recordCatalogAudit(trx, moderationAudit(action, changed, options));
    const ids = sql`any(${sql.val(eligible)}::uuid[])`;
    if (action === 'delete') {
      const outboxIds = await recordPostDeletions(trx, eligible);
      await trx.deleteFrom('posts').where('id', 'in', eligible).execute();
      return { results, outboxIds, auditIds };
    }
    const updatedAt = nextUpdatedAt(sql`updated_at`);
    const changes = {
      approve: sql`status = 'approved', rejection_reason = null, status_before_hidden = null`,
      reject: sql`status = 'rejected', rejection_reason = ${rejectionReason ?? null}, status_before_hidden = null`,
      hide: sql`status_before_hidden = status, status = 'hidden'`,
      unhide: sql`status = coalesce(status_before_hidden, 'pending'), status_before_hidden = null`,
      requeue: sql`status = 'pending', rejection_reason = null, status_before_hidden = null`,
    }[action];
    await sql`update posts set ${changes}, updated_at = ${updatedAt} where id = ${ids}`.execute(trx);
    const outboxIds = await recordPostEvents(trx, 'status-changed', sql`p.id = ${ids}`);
    return { results, outboxIds, auditIds };
  });
  if (outboxIds.length > 0) await afterPostWrite(ctx, outboxIds, log, auditIds);
  const count = (outcome: BulkPostOutcome['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { done: count('done'), skipped: count('skipped'), notFound: count('not_found'), results };
}

/** One post: not found is a 404, a refused transition a 409 with its reason. */
export async function moderatePost(
  ctx: StoreContext,
  log: Log,
  action: PostModerationAction,
  postId: string,
  options: Omit<ModerationOptions, 'bulk'>,
): Promise<BulkPostOutcome> {
  const { results } = await moderatePosts(ctx, log, action, [postId], options);
  const result = results[0]!;
  if (result.outcome === 'not_found') throw notFound('Post not found');
  if (result.outcome === 'skipped') throw conflict(result.message ?? 'Not allowed in this status');
  return result;
}
