import type { BulkPostOutcome, BulkPostsAnswer } from '@celebstyle/contracts';
import { badRequest, conflict, notFound } from '@celebstyle/service-kit';
import { sql } from 'kysely';
import type { StoreContext } from '../../plugins/service-context.ts';
import { nextUpdatedAt, recordPostDeletions, recordPostEvents } from '../post-events/post-events.outbox.ts';
import { refusal, statusAfter, type ModerationAction } from './post-moderation.rules.ts';
import { afterPostWrite } from './post-write-effects.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** admin.md §5: the reason must be non-empty after trimming. */
export function rejectionReasonOf(text: string | undefined): string {
  const reason = text?.trim() ?? '';
  if (reason === '') throw badRequest('Please provide a rejection reason');
  return reason;
}

/**
 * Applies one moderation action to posts in one transaction (the posts are locked, so concurrent
 * actions on the same post queue up), with one outbox event per changed post, and answers what
 * happened to each id in the order given.
 */
export async function moderatePosts(
  ctx: StoreContext,
  log: Log,
  action: ModerationAction,
  postIds: readonly string[],
  rejectionReason?: string,
): Promise<BulkPostsAnswer> {
  const { results, outboxIds } = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('posts')
      .select(['id', 'status', 'status_before_hidden'])
      .where('id', 'in', [...postIds])
      .forUpdate()
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const eligible: string[] = [];
    const results: BulkPostOutcome[] = postIds.map((postId) => {
      const row = byId.get(postId);
      if (!row) return { postId, outcome: 'not_found', status: null, message: 'Post not found' };
      const refused = refusal(action, row.status);
      if (refused) return { postId, outcome: 'skipped', status: row.status, message: refused };
      eligible.push(postId);
      return {
        postId,
        outcome: 'done',
        status: statusAfter(action, row.status, row.status_before_hidden),
        message: null,
      };
    });
    if (eligible.length === 0) return { results, outboxIds: [] as string[] };
    const ids = sql`any(${sql.val(eligible)}::uuid[])`;
    if (action === 'delete') {
      const outboxIds = await recordPostDeletions(trx, eligible);
      await trx.deleteFrom('posts').where('id', 'in', eligible).execute();
      return { results, outboxIds };
    }
    const updatedAt = nextUpdatedAt(sql`updated_at`);
    const changes = {
      approve: sql`status = 'approved', rejection_reason = null, status_before_hidden = null`,
      reject: sql`status = 'rejected', rejection_reason = ${rejectionReason ?? null}, status_before_hidden = null`,
      hide: sql`status_before_hidden = status, status = 'hidden'`,
      unhide: sql`status = coalesce(status_before_hidden, 'pending'), status_before_hidden = null`,
    }[action];
    await sql`update posts set ${changes}, updated_at = ${updatedAt} where id = ${ids}`.execute(trx);
    const outboxIds = await recordPostEvents(trx, 'status-changed', sql`p.id = ${ids}`);
    return { results, outboxIds };
  });
  if (outboxIds.length > 0) await afterPostWrite(ctx, outboxIds, log);
  const count = (outcome: BulkPostOutcome['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { done: count('done'), skipped: count('skipped'), notFound: count('not_found'), results };
}

/** One post: not found is a 404, a refused transition a 409 with its reason. */
export async function moderatePost(
  ctx: StoreContext,
  log: Log,
  action: ModerationAction,
  postId: string,
  rejectionReason?: string,
): Promise<BulkPostOutcome> {
  const { results } = await moderatePosts(ctx, log, action, [postId], rejectionReason);
  const result = results[0]!;
  if (result.outcome === 'not_found') throw notFound('Post not found');
  if (result.outcome === 'skipped') throw conflict(result.message ?? 'Not allowed in this status');
  return result;
}
