import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './uuid.ts';

/** The two kinds of shopper alert. */
export const AlertKindValues = ['back_in_stock', 'price_drop'] as const;
export type AlertKind = (typeof AlertKindValues)[number];

/**
 * POST /api/alerts. Without `linkId` the alert covers the whole look (any of its links).
 * `kind` and `targetPrice` are checked by the service, so a wrong one is answered with a message
 * naming the field. `website` is the honeypot of the storefront's forms.
 */
export const AlertSubscribeBody = Type.Object({
  email: Type.String({ maxLength: 1000 }),
  postId: Uuid(),
  kind: Type.String({ maxLength: 100 }),
  linkId: Type.Optional(Uuid()),
  targetPrice: Type.Optional(Type.Unknown()),
  website: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type AlertSubscribeBody = Static<typeof AlertSubscribeBody>;

/**
 * The same answer whether the address is new, pending or already confirmed (a confirmed one is
 * told by e-mail that the alert is on), so the form never reveals who subscribed.
 */
export const AlertSubscribeAnswer = Type.Object({
  success: Type.Literal(true),
  requiresConfirmation: Type.Literal(true),
});
export type AlertSubscribeAnswer = Static<typeof AlertSubscribeAnswer>;

export const AlertMessageAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type AlertMessageAnswer = Static<typeof AlertMessageAnswer>;

/** Texts shared by the service and the storefront. */
export const AlertText = {
  invalidEmail: 'Please enter a valid email address',
  invalidKind: 'kind must be "back_in_stock" or "price_drop"',
  invalidTargetPrice: 'targetPrice must be a positive amount',
  postNotFound: 'postId: no such look',
  linkNotFound: 'linkId: no such item in this look',
  confirmed: 'Your alerts are on. We will e-mail you when something changes.',
  tokenInvalid: 'This confirmation link is invalid or has already been used.',
  tokenExpired: 'This confirmation link has expired. Please ask for the alert again.',
  linkInvalid: 'Invalid unsubscribe link. Please check your email and try again.',
  stopped: 'This alert is off. You will not get e-mails about it any more.',
  stoppedAll: 'All your alerts are off. You will not get alert e-mails any more.',
} as const;

export const AlertErrorCode = {
  invalidEmail: 'INVALID_EMAIL',
  invalidKind: 'ALERT_KIND_INVALID',
  invalidTargetPrice: 'ALERT_TARGET_PRICE_INVALID',
  postNotFound: 'ALERT_POST_NOT_FOUND',
  linkNotFound: 'ALERT_LINK_NOT_FOUND',
  tokenInvalid: 'CONFIRMATION_TOKEN_INVALID',
  tokenExpired: 'CONFIRMATION_TOKEN_EXPIRED',
  linkInvalid: 'UNSUBSCRIBE_LINK_INVALID',
} as const;

/** GET /api/admin/alerts/stats (admin Dashboard). */
export const AlertStatsAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    active: Type.Integer(),
    confirmed: Type.Integer(),
    sentLast7Days: Type.Integer(),
    unsubscribed: Type.Integer(),
  }),
});
export type AlertStatsAnswer = Static<typeof AlertStatsAnswer>;

/** GET /api/admin/alerts/links/{linkId} (Link Validation details): shoppers waiting on a link. */
export const AlertLinkWaitingAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({ waiting: Type.Integer() }),
});
export type AlertLinkWaitingAnswer = Static<typeof AlertLinkWaitingAnswer>;

/**
 * link-validation's internal GET /internal/alert-targets/{postId} (service to service, never
 * routed by the gateway): a live, approved look with its links' current offers, for subscribing.
 */
export const AlertTargetAnswer = Type.Object({
  postId: Type.String(),
  title: Type.String(),
  links: Type.Array(
    Type.Object({
      linkId: Type.String(),
      text: Type.String(),
      status: Type.String(),
      stockStatus: Type.Union([Type.String(), Type.Null()]),
      price: Type.Union([Type.Number(), Type.Null()]),
      currency: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
});
export type AlertTargetAnswer = Static<typeof AlertTargetAnswer>;
