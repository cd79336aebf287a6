/** Payloads carried on the queues. Consumers handle each at least once, idempotently. */

export interface PostEventLink {
  _id: string;
  text: string;
  url: string;
  realUrl: string | null;
  position: number;
}

export interface PostChangedEvent {
  kind: 'created' | 'updated' | 'status-changed' | 'deleted';
  postId: string;
  /** Monotonic per post (its updatedAt in ms); consumers ignore an event older than what they hold. */
  version: number;
  occurredAt: string;
  post: {
    title: string;
    status: 'pending' | 'approved' | 'rejected' | 'hidden';
    platform: 'bigblondehair' | 'wornontv';
    celebrity: string;
    show: string;
    brand: string;
    productType: string;
    mainImage: string | null;
    enhancedImage: string | null;
    createdAt: string;
    links: PostEventLink[];
  } | null;
}

export type LinkHealthStatus =
  | 'active'
  | 'sold_out'
  | '404'
  | 'invalid'
  | 'server_error'
  | 'redirect_error'
  | 'access_denied'
  | 'product_removed'
  | 'unknown';

/** The part of a link-health event the catalog reads: a link's shown status at a check time. */
export interface LinkHealthStatusEvent {
  postId: string;
  linkId: string;
  status: LinkHealthStatus;
  checkedAt: string;
}

/**
 * The part of a link-health event the catalog stores: the status and the offer. An event published
 * before events carried the offer lacks these fields; the catalog then keeps the offer it holds.
 */
export interface LinkHealthOfferEvent extends LinkHealthStatusEvent {
  stockStatus?: string | null;
  price?: number | null;
  currency?: string | null;
  retailer?: string | null;
}

/** What a link-health event reports as changed since the link's previous verdict. */
export type LinkHealthChange = 'status' | 'stock' | 'price';

/** A link's offer as one check saw it (link-validation's check result). */
export interface LinkOffer {
  status: LinkHealthStatus;
  /** link-validation's stock words: in_stock, out_of_stock, limited, preorder, … ; null when unknown. */
  stockStatus: string | null;
  /** What a shopper pays, in major units; null when the page named none. */
  price: number | null;
  /** ISO 4217 code of `price`. */
  currency: string | null;
}

/**
 * A link's health, stock or price changed (link-validation → catalog and newsletter-support's
 * alerts, each on its own queue). Published when the status, the stock words, the price or the
 * currency changed, on both queues.
 */
export interface LinkHealthChangedEvent extends LinkOffer, LinkHealthStatusEvent {
  changed: LinkHealthChange[];
  /** The verdict before this one; null for a link's first check. */
  previous: LinkOffer | null;
  /** The shop's display name, as the check found it. */
  retailer: string | null;
  /** Facts an alert e-mail names, so no consumer reads link-validation's tables. */
  postTitle: string;
  linkText: string;
  /** The link as the catalog holds it, its resolved address, and the storefront's cleaned form (null: dropped). */
  url: string;
  realUrl: string | null;
  cleanUrl: string | null;
}

export type EmailKind =
  | 'newsletter-confirmation'
  | 'support-confirmation'
  | 'support-team-notice'
  | 'support-response'
  | 'alert-confirmation'
  | 'alert-started'
  | 'alert-notification';

export interface EmailJob {
  kind: EmailKind;
  /** The outbox row this job delivers; the worker marks it sent, so a retry never sends twice. */
  outboxId: string;
}
