import type { LinkHealthChangedEvent } from '@celebstyle/queue';

/** An alert ends after 90 days, fired or not (README, Shopper alerts). */
export const ALERT_LIFETIME_DAYS = 90;
export const ALERT_LIFETIME_MS = ALERT_LIFETIME_DAYS * 24 * 3600 * 1000;
/** At most one e-mail per alert per 24 hours. */
export const ALERT_NOTIFY_INTERVAL_MS = 24 * 3600 * 1000;
/** A price drop without a target price: at least 10% below the price at subscription. */
export const PRICE_DROP_RATIO = 0.9;

/** Stock words a shopper can buy now (link-validation's BUYABLE_STOCK); null: the page named none. */
const BUYABLE = new Set(['in_stock', 'limited', 'preorder', 'backorder']);

/**
 * Back in stock: the link was sold out (its shown status, which takes two checks in a row to flip
 * from active, so one odd page is not a restock) or out of stock, and is now active and buyable.
 */
export function isBackInStock(event: LinkHealthChangedEvent): boolean {
  const before = event.previous;
  if (!before) return false;
  const wasOut =
    before.status === 'sold_out' || (before.status !== 'active' && before.stockStatus === 'out_of_stock');
  const nowIn = event.status === 'active' && (event.stockStatus === null || BUYABLE.has(event.stockStatus));
  return wasOut && nowIn;
}

export interface PriceWatch {
  /** The link's price when the alert was made (null: none known then). */
  baselinePrice: number | null;
  baselineCurrency: string | null;
  targetPrice: number | null;
  /** The price the last e-mail of this alert named for this link: only a lower one is news. */
  notifiedPrice: number | null;
}

/**
 * Price drop: in the currency of the price at subscription, at or below the target price when one
 * was given, else at least 10% below the price at subscription; and lower than any price already
 * announced, so a price going down, up and down again does not send the same news twice.
 */
export function priceDropFires(event: LinkHealthChangedEvent, watch: PriceWatch): boolean {
  if (event.price === null || event.status !== 'active') return false;
  if (watch.baselineCurrency !== null && event.currency !== watch.baselineCurrency) return false;
  let threshold: number;
  if (watch.targetPrice !== null) threshold = watch.targetPrice;
  else if (watch.baselinePrice !== null) threshold = watch.baselinePrice * PRICE_DROP_RATIO;
  else return false;
  if (event.price > threshold + 1e-9) return false;
  return watch.notifiedPrice === null || event.price < watch.notifiedPrice;
}
