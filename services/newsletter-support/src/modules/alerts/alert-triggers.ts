import type { LinkHealthChangedEvent } from '@celebstyle/queue';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { ALERT_NOTIFY_INTERVAL_MS, isBackInStock, priceDropFires } from './alert-rules.ts';
import { advanceLinkCheck } from './alerts.repository.ts';

/** What a notification remembers of the event that fired it: all the e-mail names. */
export interface NotificationFacts {
  kind: 'back_in_stock' | 'price_drop';
  postTitle: string;
  itemText: string;
  retailer: string | null;
  oldPrice: number | null;
  newPrice: number | null;
  currency: string | null;
  url: string;
  realUrl: string | null;
  cleanUrl: string | null;
}

interface Candidate {
  id: string;
  address_id: string;
  kind: 'back_in_stock' | 'price_drop';
  target_price: string | null;
  last_notified_at: Date | null;
  baseline_price: string | null;
  currency: string | null;
  notified_price: string | null;
  has_link: boolean;
}

const CHUNK = 5_000;
function* chunks<T>(items: T[], size: number): Generator<T[]> {
  for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
}

const num = (value: string | null) => (value === null ? null : Number(value));

/**
 * Applies one link-health event to the live alerts on its link or its whole look, in one
 * transaction. An event checked before the last one applied to its link is stale (a retry or a
 * redelivery arriving out of order) and changes nothing. Otherwise each alert that fires gets a notification (kept once per alert and event, so a
 * redelivered event fires nothing twice), its time of last notice and, for a price, the price
 * announced; a back-in-stock alert ends. An alert notified less than 24 hours ago does not fire.
 * Returns how many notifications were written.
 */
export async function applyAlertEvent(
  db: Kysely<Database>,
  event: LinkHealthChangedEvent,
  now = new Date(),
): Promise<number> {
  const backInStock = isBackInStock(event);
  const priceNews = event.price !== null && event.status === 'active';
  const kinds = [...(backInStock ? ['back_in_stock'] : []), ...(priceNews ? ['price_drop'] : [])];
  const eventKey = `${event.linkId}@${event.checkedAt}`;
  return db.transaction().execute(async (trx) => {
    // Every event moves the link's clock, the ones that fire nothing too: a later sold-out check
    // makes an older in-stock one stale.
    if (!(await advanceLinkCheck(trx, event.linkId, new Date(event.checkedAt)))) return 0;
    if (kinds.length === 0) return 0;
    const { rows } = await sql<Candidate>`
      select a.id, a.address_id, a.kind, a.target_price, a.last_notified_at,
        l.baseline_price, l.currency, l.notified_price, l.link_id is not null as has_link
      from alerts.alerts a
      left join alerts.alert_links l on l.alert_id = a.id and l.link_id = ${event.linkId}
      where a.post_id = ${event.postId}
        and (a.link_id is null or a.link_id = ${event.linkId})
        and a.status = 'active' and a.expires_at > ${now}
        and a.kind = any(${kinds})
        and (a.last_notified_at is null or a.last_notified_at <= ${new Date(now.getTime() - ALERT_NOTIFY_INTERVAL_MS)})
      order by a.id
      for update of a`.execute(trx);
    const firing = rows.filter((alert) =>
      alert.kind === 'back_in_stock'
        ? true
        : priceDropFires(event, {
            baselinePrice: num(alert.baseline_price),
            baselineCurrency: alert.currency,
            targetPrice: num(alert.target_price),
            notifiedPrice: num(alert.notified_price),
          }),
    );
    if (firing.length === 0) return 0;
    const facts = (alert: Candidate): NotificationFacts => ({
      kind: alert.kind,
      postTitle: event.postTitle,
      itemText: event.linkText,
      retailer: event.retailer,
      oldPrice: alert.kind === 'price_drop' ? num(alert.baseline_price) : (event.previous?.price ?? null),
      newPrice: event.price,
      currency: event.currency,
      url: event.url,
      realUrl: event.realUrl,
      cleanUrl: event.cleanUrl,
    });
    const fired: string[] = [];
    // In chunks: PostgreSQL takes at most 65,535 parameters in one statement.
    for (const chunk of chunks(firing, CHUNK)) {
      const inserted = await trx
        .insertInto('alerts.notifications')
        .values(
          chunk.map((alert) => ({
            alert_id: alert.id,
            address_id: alert.address_id,
            event_key: eventKey,
            facts: JSON.stringify(facts(alert)),
          })),
        )
        .onConflict((oc) => oc.columns(['alert_id', 'event_key']).doNothing())
        .returning('alert_id')
        .execute();
      fired.push(...inserted.map((row) => row.alert_id));
    }
    if (fired.length === 0) return 0;
    await trx
      .updateTable('alerts.alerts')
      .where(sql<boolean>`id = any(${fired}::uuid[])`)
      .set({
        last_notified_at: now,
        status: sql`case when kind = 'back_in_stock' then 'ended' else status end`,
        end_reason: sql`case when kind = 'back_in_stock' then 'fired' else end_reason end`,
        ended_at: sql`case when kind = 'back_in_stock' then ${now}::timestamptz else ended_at end`,
      })
      .execute();
    const firedIds = new Set(fired);
    const priced = firing.filter((alert) => alert.kind === 'price_drop' && firedIds.has(alert.id));
    for (const chunk of event.price === null ? [] : chunks(priced, CHUNK)) {
      await trx
        .insertInto('alerts.alert_links')
        .values(
          chunk.map((alert) => ({
            alert_id: alert.id,
            link_id: event.linkId,
            baseline_price: null,
            currency: event.currency,
            notified_price: event.price,
          })),
        )
        .onConflict((oc) => oc.columns(['alert_id', 'link_id']).doUpdateSet({ notified_price: event.price }))
        .execute();
    }
    return fired.length;
  });
}
