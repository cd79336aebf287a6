/**
 * Payloads carried on the queues, as TypeBox schemas (the queue contracts validate consumed jobs
 * with them) and the TypeScript types of the same names. Consumers handle each at least once,
 * idempotently. Status unions come from @celebstyle/contracts, never retyped here.
 */
import { LinkStatusValues, Platform, PostStatus } from '@celebstyle/contracts';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { PayloadId, PayloadTime } from './payload-formats.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PostEventLink = Type.Object({
  _id: PayloadId,
  text: Type.String(),
  url: Type.String(),
  realUrl: Nullable(Type.String()),
  position: Type.Integer(),
});
export type PostEventLink = Static<typeof PostEventLink>;

export const PostChangedEvent = Type.Object({
  kind: Type.Union([
    Type.Literal('created'),
    Type.Literal('updated'),
    Type.Literal('status-changed'),
    Type.Literal('deleted'),
  ]),
  postId: PayloadId,
  /** Monotonic per post (its updatedAt in ms); consumers ignore an event older than what they hold. */
  version: Type.Number(),
  occurredAt: PayloadTime,
  post: Nullable(
    Type.Object({
      title: Type.String(),
      status: PostStatus,
      platform: Platform,
      celebrity: Type.String(),
      show: Type.String(),
      brand: Type.String(),
      productType: Type.String(),
      mainImage: Nullable(Type.String()),
      enhancedImage: Nullable(Type.String()),
      createdAt: PayloadTime,
      links: Type.Array(PostEventLink),
    }),
  ),
});
export type PostChangedEvent = Static<typeof PostChangedEvent>;

export const LinkHealthStatus = Type.Union(LinkStatusValues.map((status) => Type.Literal(status)));
export type LinkHealthStatus = Static<typeof LinkHealthStatus>;

/** The part of a link-health event the catalog reads: a link's shown status at a check time. */
export const LinkHealthStatusEvent = Type.Object({
  postId: PayloadId,
  linkId: PayloadId,
  status: LinkHealthStatus,
  checkedAt: PayloadTime,
});
export type LinkHealthStatusEvent = Static<typeof LinkHealthStatusEvent>;

/**
 * The part of a link-health event the catalog stores: the status and the offer. An event published
 * before events carried the offer lacks these fields; the catalog then keeps the offer it holds.
 */
export const LinkHealthOfferEvent = Type.Composite([
  LinkHealthStatusEvent,
  Type.Object({
    stockStatus: Type.Optional(Nullable(Type.String())),
    /** What the catalog's numeric(12, 2) column holds. */
    price: Type.Optional(Nullable(Type.Number({ minimum: 0, exclusiveMaximum: 1e10 }))),
    currency: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{3}$' }))),
    retailer: Type.Optional(Nullable(Type.String())),
  }),
]);
export type LinkHealthOfferEvent = Static<typeof LinkHealthOfferEvent>;

/** What a link-health event reports as changed since the link's previous verdict. */
export const LinkHealthChange = Type.Union([
  Type.Literal('status'),
  Type.Literal('stock'),
  Type.Literal('price'),
]);
export type LinkHealthChange = Static<typeof LinkHealthChange>;

/** A link's offer as one check saw it (link-validation's check result). */
export const LinkOffer = Type.Object({
  status: LinkHealthStatus,
  /** link-validation's stock words: in_stock, out_of_stock, limited, preorder, … ; null when unknown. */
  stockStatus: Nullable(Type.String()),
  /** What a shopper pays, in major units; null when the page named none. */
  price: Nullable(Type.Number()),
  /** ISO 4217 code of `price`. */
  currency: Nullable(Type.String()),
});
export type LinkOffer = Static<typeof LinkOffer>;

/**
 * A link's health, stock or price changed (link-validation → catalog and newsletter-support's
 * alerts, each on its own queue). Published when the status, the stock words, the price or the
 * currency changed, on both queues.
 */
export const LinkHealthChangedEvent = Type.Composite([
  LinkOffer,
  LinkHealthStatusEvent,
  Type.Object({
    changed: Type.Array(LinkHealthChange),
    /** The verdict before this one; null for a link's first check. */
    previous: Nullable(LinkOffer),
    /** The shop's display name, as the check found it. */
    retailer: Nullable(Type.String()),
    /** Facts an alert e-mail names, so no consumer reads link-validation's tables. */
    postTitle: Type.String(),
    linkText: Type.String(),
    /** The link as the catalog holds it, its resolved address, and the storefront's cleaned form (null: dropped). */
    url: Type.String(),
    realUrl: Nullable(Type.String()),
    cleanUrl: Nullable(Type.String()),
  }),
]);
export type LinkHealthChangedEvent = Static<typeof LinkHealthChangedEvent>;

export const EmailKind = Type.Union([
  Type.Literal('newsletter-confirmation'),
  Type.Literal('support-confirmation'),
  Type.Literal('support-team-notice'),
  Type.Literal('support-response'),
  Type.Literal('alert-confirmation'),
  Type.Literal('alert-started'),
  Type.Literal('alert-notification'),
]);
export type EmailKind = Static<typeof EmailKind>;

export const EmailJob = Type.Object({
  kind: EmailKind,
  /** The outbox row this job delivers; the worker marks it sent, so a retry never sends twice. */
  outboxId: PayloadId,
});
export type EmailJob = Static<typeof EmailJob>;
