import type { PostChangedEvent, PostEventLink } from '@celebstyle/queue';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export type ProjectionOutcome = 'applied' | 'stale';

/**
 * Applies one post-changed event to the projection, idempotently and in version order: the post row
 * is written only when the event is newer than what is held (one atomic upsert decides, so two
 * workers applying events of the same post cannot interleave), and its links follow in the same
 * transaction. A delete keeps a tombstone row with its version, so an older event arriving late
 * cannot bring the post back.
 */
export async function applyPostChanged(
  db: Kysely<Database>,
  event: PostChangedEvent,
): Promise<ProjectionOutcome> {
  return db.transaction().execute(async (trx) => {
    const post = event.post;
    const values = {
      id: event.postId,
      version: event.version,
      deleted: event.kind === 'deleted' || post === null,
      title: post?.title ?? '',
      status: post?.status ?? 'pending',
      platform: post?.platform ?? '',
      celebrity: post?.celebrity ?? '',
      show: post?.show ?? '',
      brand: post?.brand ?? '',
      product_type: post?.productType ?? '',
      main_image: post?.mainImage ?? null,
      enhanced_image: post?.enhancedImage ?? null,
      post_created_at: post?.createdAt ?? event.occurredAt,
      updated_at: new Date(),
    };
    const written = await trx
      .insertInto('link_validation.posts')
      .values(values)
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet(values)
          .where('link_validation.posts.version', '<', (eb) => eb.ref('excluded.version')),
      )
      .returning('id')
      .executeTakeFirst();
    if (!written) return 'stale';
    await syncLinks(trx, event.postId, values.deleted ? [] : (post?.links ?? []));
    return 'applied';
  });
}

/**
 * Makes the post's links exactly the event's: new links are due for a first check now (their
 * schedule row comes with the insert, migration 202611270600_link_schedule); a link whose address
 * changed starts over (its old verdict said nothing about the new address); a link no longer sent
 * is removed with its history and schedule.
 */
async function syncLinks(
  trx: Kysely<Database>,
  postId: string,
  links: readonly PostEventLink[],
): Promise<void> {
  const ids = links.map((link) => link._id);
  let removal = trx.deleteFrom('link_validation.links').where('post_id', '=', postId);
  if (ids.length > 0) removal = removal.where('id', 'not in', ids);
  await removal.execute();
  if (links.length === 0) return;

  const rows = links.map((link, index) => ({
    id: link._id,
    post_id: postId,
    link_index: Number.isInteger(link.position) ? link.position : index,
    link_text: link.text ?? '',
    original_url: link.url,
    catalog_real_url: link.realUrl ?? null,
  }));
  // Links whose address changes, read before the upsert below replaces it; locked first, as every
  // writer of a link and its schedule row locks them (the check writer), so none deadlocks.
  const { rows: moved } = await sql<{ id: string }>`
    select l.id from link_validation.links l
    join unnest(${rows.map((row) => row.id)}::uuid[], ${rows.map((row) => row.original_url)}::text[])
      as sent(id, url) on sent.id = l.id
    where l.original_url <> sent.url
    for update of l`.execute(trx);
  await trx
    .insertInto('link_validation.links')
    .values(rows)
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet((eb) => ({
        post_id: eb.ref('excluded.post_id'),
        link_index: eb.ref('excluded.link_index'),
        link_text: eb.ref('excluded.link_text'),
        catalog_real_url: eb.ref('excluded.catalog_real_url'),
        original_url: eb.ref('excluded.original_url'),
        updated_at: sql<Date>`now()`,
        // A new address: forget the old verdict and check it soon.
        link_status: sql<string>`case when link_validation.links.original_url = excluded.original_url then link_validation.links.link_status else 'unknown' end`,
        confidence: sql<number>`case when link_validation.links.original_url = excluded.original_url then link_validation.links.confidence else 0 end`,
        validation_count: sql<number>`case when link_validation.links.original_url = excluded.original_url then link_validation.links.validation_count else 0 end`,
        strikes: sql<number>`case when link_validation.links.original_url = excluded.original_url then link_validation.links.strikes else 0 end`,
      })),
    )
    .execute();
  if (moved.length > 0) {
    // A new address is due now.
    await trx
      .updateTable('link_validation.link_schedule')
      .set({ next_check_at: sql<Date>`date_trunc('milliseconds', now())` })
      .where(
        'link_id',
        'in',
        moved.map((row) => row.id),
      )
      .execute();
  }
}
