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

export interface LinkHealthChangedEvent {
  postId: string;
  linkId: string;
  status: LinkHealthStatus;
  checkedAt: string;
}

export type EmailKind =
  'newsletter-confirmation' | 'support-confirmation' | 'support-team-notice' | 'support-response';

export interface EmailJob {
  kind: EmailKind;
  /** The outbox row this job delivers; the worker marks it sent, so a retry never sends twice. */
  outboxId: string;
}
