import { Type, type Static } from '@sinclair/typebox';

/**
 * storefront.md §7: POST /api/newsletter/subscribe takes {email}. `website` is a honeypot that
 * humans never see or fill; a filled one is answered like a success and dropped.
 */
export const NewsletterSubscribeBody = Type.Object({
  email: Type.String({ maxLength: 1000 }),
  website: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type NewsletterSubscribeBody = Static<typeof NewsletterSubscribeBody>;

/** storefront.md §3 Newsletter subscribe response. `data` holds template fields safe to show. */
export const NewsletterSubscribeAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  alreadySubscribed: Type.Boolean(),
  requiresConfirmation: Type.Boolean(),
  data: Type.Object({ email: Type.String() }),
});
export type NewsletterSubscribeAnswer = Static<typeof NewsletterSubscribeAnswer>;

/** storefront.md §7: GET /api/newsletter/confirm/{token} reads success, message. */
export const NewsletterConfirmAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
});
export type NewsletterConfirmAnswer = Static<typeof NewsletterConfirmAnswer>;

export const NewsletterUnsubscribeBody = Type.Object({
  email: Type.String({ maxLength: 1000 }),
});
export type NewsletterUnsubscribeBody = Static<typeof NewsletterUnsubscribeBody>;

/** storefront.md §3 Unsubscribe response. */
export const NewsletterUnsubscribeAnswer = Type.Object({
  success: Type.Boolean(),
  alreadyUnsubscribed: Type.Boolean(),
  message: Type.String(),
});
export type NewsletterUnsubscribeAnswer = Static<typeof NewsletterUnsubscribeAnswer>;

/** storefront.md §8 texts, shared by the service and the storefront so they never drift. */
export const NewsletterText = {
  invalidEmail: 'Please enter a valid email address',
  subscribed: 'Thank you for subscribing! Please check your email to confirm.',
  alreadySubscribed: 'You are already subscribed to our newsletter!',
  confirmed: 'Your subscription has been confirmed successfully! You will now receive our newsletters.',
  unsubscribed: 'You have been successfully unsubscribed from our newsletter.',
  notSubscribed: 'You are not currently subscribed to our newsletter.',
} as const;

/** Codes a caller may branch on (confirmation link states). */
export const NewsletterErrorCode = {
  invalidEmail: 'INVALID_EMAIL',
  tokenInvalid: 'CONFIRMATION_TOKEN_INVALID',
  tokenExpired: 'CONFIRMATION_TOKEN_EXPIRED',
  unsubscribeLinkInvalid: 'UNSUBSCRIBE_LINK_INVALID',
} as const;
