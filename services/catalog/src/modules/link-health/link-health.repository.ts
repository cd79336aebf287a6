import type { LinkHealthOfferEvent } from '@celebstyle/queue';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** What storing one event changed: the link's health or offer, and the post's card (price, sold out). */
export interface AppliedLinkHealth {
  changed: boolean;
  offerChanged: boolean;
}

/** The offer fields an event carries; absent ones (an event from before offers) keep what is held. */
function offerColumns(event: LinkHealthOfferEvent) {
  return {
    ...(event.stockStatus !== undefined ? { stock_status: event.stockStatus } : {}),
    ...(event.price !== undefined ? { price: event.price } : {}),
    ...(event.currency !== undefined ? { currency: event.currency } : {}),
    ...(event.retailer !== undefined ? { retailer: event.retailer } : {}),
  };
}

/**
 * Stores one link's health and offer from link-validation. An event not newer than the health held
 * (by its check time) changes nothing, so events may arrive more than once and in any order. The
 * post's card offer follows from its links (a trigger); it is compared before and after, so the
 * caller knows whether price-filtered and price-sorted listings may have changed.
 */
export async function applyLinkHealth(
  db: Kysely<Database>,
  event: LinkHealthOfferEvent,
): Promise<AppliedLinkHealth> {
  const checkedAt = new Date(event.checkedAt);
  return db.transaction().execute(async (trx) => {
    const cardOf = () =>
      trx
        .selectFrom('posts')
        .select(['offer_link_id', 'offer_price', 'offer_currency', 'sold_out'])
        .where('id', '=', event.postId)
        .executeTakeFirst();
    const before = await cardOf();
    const updated = await trx
      .updateTable('affiliate_links')
      .set({ health_status: event.status, health_checked_at: checkedAt, ...offerColumns(event) })
      .where('id', '=', event.linkId)
      .where('post_id', '=', event.postId)
      .where((eb) => eb.or([eb('health_checked_at', 'is', null), eb('health_checked_at', '<', checkedAt)]))
      .executeTakeFirst();
    const changed = Number(updated.numUpdatedRows) > 0;
    if (!changed) return { changed, offerChanged: false };
    const after = await cardOf();
    return { changed, offerChanged: JSON.stringify(before) !== JSON.stringify(after) };
  });
}
