import type { LinkHealthStatusEvent } from '@celebstyle/queue';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Stores one link's health from link-validation. An event not newer than the health held (by its
 * check time) changes nothing, so events may arrive more than once and in any order. Returns
 * whether the link's stored health changed.

 */
export async function applyLinkHealth(db: Kysely<Database>, event: LinkHealthStatusEvent): Promise<boolean> {
  const checkedAt = new Date(event.checkedAt);
  const updated = await db
    .updateTable('affiliate_links')
    .set({ health_status: event.status, health_checked_at: checkedAt })
    .where('id', '=', event.linkId)
    .where('post_id', '=', event.postId)
    .where((eb) => eb.or([eb('health_checked_at', 'is', null), eb('health_checked_at', '<', checkedAt)]))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}
