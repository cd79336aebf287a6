import { NewsletterErrorCode, NewsletterText } from '@celebstyle/contracts';
import type {
  NewsletterConfirmAnswer,
  NewsletterSubscribeAnswer,
  NewsletterSubscribeBody,
  NewsletterUnsubscribeAnswer,
} from '@celebstyle/contracts';
import { AppError, badRequest } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { writeOutbox, type EmailDispatch } from '../email/email-dispatch.ts';
import { renderNewsletterConfirmation } from '../email/templates/newsletter-confirmation.ts';
import { isValidEmail, normalizeEmail } from '../email/email-address.ts';
import {
  CONFIRMATION_TTL_DAYS,
  CONFIRMATION_TTL_MS,
  hashConfirmationToken,
  looksLikeToken,
  newConfirmationToken,
} from './confirmation-token.ts';
import {
  confirmByTokenHash,
  findByTokenHash,
  lockSubscriber,
  storeConfirmationToken,
  unsubscribeByEmail,
} from './newsletter.repository.ts';
import { oneClickUrl, signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-link.ts';

export interface NewsletterDeps {
  db: Kysely<Database>;
  mail: EmailDispatch;
  /** A pending subscriber gets at most one confirmation e-mail per cooldown (README, Rules). */
  resendCooldownMs: number;
  now?: () => Date;
}

export const NewsletterMessages = {
  tokenInvalid: 'This confirmation link is invalid or has already been used.',
  tokenExpired: 'This confirmation link has expired. Please subscribe again to get a new one.',
  unsubscribeLinkInvalid: 'Invalid unsubscribe link. Please check your email and try again.',
} as const;

const pendingAnswer = (email: string): NewsletterSubscribeAnswer => ({
  success: true,
  message: NewsletterText.subscribed,
  alreadySubscribed: false,
  requiresConfirmation: true,
  data: { email },
});

function checkedEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!isValidEmail(email)) throw badRequest(NewsletterText.invalidEmail, NewsletterErrorCode.invalidEmail);
  return email;
}

/** storefront.md §7 POST /newsletter/subscribe with double opt-in. */
export async function subscribe(deps: NewsletterDeps, body: NewsletterSubscribeBody) {
  // A filled honeypot is a bot; it gets the ordinary answer and nothing happens.
  if (body.website && body.website.trim() !== '') return pendingAnswer(normalizeEmail(body.email));
  const email = checkedEmail(body.email);

  const now = deps.now?.() ?? new Date();
  const { settings } = deps.mail;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const subscriber = await lockSubscriber(trx, email);
    if (subscriber.status === 'confirmed') return { answer: 'already' as const, rows: [] };
    const sentAt = subscriber.confirmation_sent_at;
    if (
      subscriber.status === 'pending' &&
      subscriber.confirm_token_hash !== null &&
      sentAt !== null &&
      now.getTime() - sentAt.getTime() < deps.resendCooldownMs
    ) {
      return { answer: 'pending' as const, rows: [] };
    }
    // New, unsubscribed (subscribing again works), or pending past the cooldown: a fresh token.
    // The previous link stops working, so only the newest e-mail confirms.
    const { token, hash } = newConfirmationToken();
    await storeConfirmationToken(
      trx,
      subscriber.id,
      hash,
      new Date(now.getTime() + CONFIRMATION_TTL_MS),
      now,
    );
    const email_ = renderNewsletterConfirmation(settings, {
      email,
      confirmUrl: `${settings.siteUrl}/confirm-subscription?token=${token}`,
      unsubscribeUrl: oneClickUrl(settings.siteUrl, signUnsubscribeToken(settings.signingSecret, email)),
      expiresInDays: CONFIRMATION_TTL_DAYS,
    });
    const rows = await writeOutbox(trx, settings, [
      {
        kind: 'newsletter-confirmation',
        to: email,
        email: email_,
        headers: listUnsubscribeHeaders(deps, email),
      },
    ]);
    return { answer: 'pending' as const, rows };
  });
  await deps.mail.enqueue(outcome.rows);
  if (outcome.answer === 'already') {
    return {
      success: true,
      message: NewsletterText.alreadySubscribed,
      alreadySubscribed: true,
      requiresConfirmation: false,
      data: { email },
    } satisfies NewsletterSubscribeAnswer;
  }
  return pendingAnswer(email);
}

/** RFC 8058 §3.1/§3.2 headers; every newsletter e-mail carries them. */
export function listUnsubscribeHeaders(deps: NewsletterDeps, email: string): Record<string, string> {
  const { settings } = deps.mail;
  const url = oneClickUrl(settings.siteUrl, signUnsubscribeToken(settings.signingSecret, email));
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** storefront.md §7 GET /newsletter/confirm/{token}: single use, 7-day expiry. */
export async function confirm(deps: NewsletterDeps, token: string): Promise<NewsletterConfirmAnswer> {
  const invalid = badRequest(NewsletterMessages.tokenInvalid, NewsletterErrorCode.tokenInvalid);
  if (!looksLikeToken(token)) throw invalid;
  const now = deps.now?.() ?? new Date();
  const hash = hashConfirmationToken(token);
  if (await confirmByTokenHash(deps.db, hash, now)) {
    return { success: true, message: NewsletterText.confirmed };
  }
  const subscriber = await findByTokenHash(deps.db, hash);
  if (subscriber?.confirm_token_expires_at && subscriber.confirm_token_expires_at <= now) {
    throw new AppError(410, NewsletterErrorCode.tokenExpired, NewsletterMessages.tokenExpired);
  }
  throw invalid;
}

/** storefront.md §7 POST /newsletter/unsubscribe {email}. */
export async function unsubscribe(
  deps: NewsletterDeps,
  rawEmail: string,
): Promise<NewsletterUnsubscribeAnswer> {
  const email = checkedEmail(rawEmail);
  const changed = await unsubscribeByEmail(deps.db, email, deps.now?.() ?? new Date());
  return changed
    ? { success: true, alreadyUnsubscribed: false, message: NewsletterText.unsubscribed }
    : { success: true, alreadyUnsubscribed: true, message: NewsletterText.notSubscribed };
}

/** RFC 8058 one-click: the signed token names the address. */
export async function unsubscribeOneClick(deps: NewsletterDeps, token: string) {
  const email = verifyUnsubscribeToken(deps.mail.settings.signingSecret, token);
  if (!email)
    throw badRequest(NewsletterMessages.unsubscribeLinkInvalid, NewsletterErrorCode.unsubscribeLinkInvalid);
  return unsubscribe(deps, email);
}

/** The address a one-click token names (the GET redirect shows it on the storefront page). */
export const emailOfUnsubscribeToken = (deps: NewsletterDeps, token: string) =>
  verifyUnsubscribeToken(deps.mail.settings.signingSecret, token);
