import {
  AlertErrorCode,
  AlertKindValues,
  AlertText,
  type AlertKind,
  type AlertMessageAnswer,
  type AlertSubscribeAnswer,
  type AlertSubscribeBody,
} from '@celebstyle/contracts';
import { AppError, badRequest, notFound } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { writeOutbox, type EmailDispatch } from '../email/email-dispatch.ts';
import {
  renderAlertConfirmation,
  renderAlertStarted,
  type AlertSummary,
} from '../email/templates/alert-emails.ts';
import {
  CONFIRMATION_TTL_DAYS,
  CONFIRMATION_TTL_MS,
  hashConfirmationToken,
  looksLikeToken,
  newConfirmationToken,
} from '../newsletter/confirmation-token.ts';
import { isValidEmail, normalizeEmail } from '../email/email-address.ts';
import { ALERT_LIFETIME_MS } from './alert-rules.ts';
import type { AlertTargets } from './alert-targets.ts';
import { alertStopUrl, signAlertStop, verifyAlertStop, type AlertStop } from './alert-tokens.ts';
import {
  confirmAddress,
  findAddressByToken,
  lockAddress,
  storeAddressToken,
  unsubscribeAlerts,
  upsertAlert,
} from './alerts.repository.ts';

export interface AlertDeps {
  db: Kysely<Database>;
  mail: EmailDispatch;
  targets: AlertTargets;
  /** A pending address gets at most one confirmation e-mail per cooldown (as the newsletter). */
  resendCooldownMs: number;
  now?: () => Date;
}

const ANSWER: AlertSubscribeAnswer = { success: true, requiresConfirmation: true };
const MAX_PRICE = 10_000_000;

function checkedKind(kind: string): AlertKind {
  if (!(AlertKindValues as readonly string[]).includes(kind))
    throw badRequest(AlertText.invalidKind, AlertErrorCode.invalidKind);
  return kind as AlertKind;
}

/** A positive amount with at most two decimals (a number, or a string of one). */
function checkedTargetPrice(raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  const value = typeof raw === 'string' && /^\s*\d+(\.\d{1,2})?\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_PRICE)
    throw badRequest(AlertText.invalidTargetPrice, AlertErrorCode.invalidTargetPrice);
  if (Math.round(value * 100) !== Math.round(value * 100 * 1e6) / 1e6)
    throw badRequest(AlertText.invalidTargetPrice, AlertErrorCode.invalidTargetPrice);
  return value;
}

export const stopUrlFor = (deps: Pick<AlertDeps, 'mail'>, stop: AlertStop) =>
  alertStopUrl(deps.mail.settings.siteUrl, signAlertStop(deps.mail.settings.signingSecret, stop));

export function alertListHeaders(stopUrl: string): Record<string, string> {
  // RFC 8058 §3.1/§3.2: one-click by POST to this address.
  return { 'List-Unsubscribe': `<${stopUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * POST /api/alerts. A new or unconfirmed address gets a double opt-in e-mail; an address already
 * confirmed has the alert on at once and an e-mail saying so. The answer is the same either way.
 */
export async function subscribeAlert(
  deps: AlertDeps,
  body: AlertSubscribeBody,
): Promise<AlertSubscribeAnswer> {
  const email = normalizeEmail(body.email);
  if (!isValidEmail(email)) throw badRequest(AlertText.invalidEmail, AlertErrorCode.invalidEmail);
  const kind = checkedKind(body.kind);
  const targetPrice = checkedTargetPrice(body.targetPrice);
  // A filled honeypot is a bot; it gets the ordinary answer and nothing happens.
  if (body.website && body.website.trim() !== '') return ANSWER;

  const target = await deps.targets.find(body.postId);
  if (!target) throw notFound(AlertText.postNotFound, AlertErrorCode.postNotFound);
  const links = body.linkId ? target.links.filter((link) => link.linkId === body.linkId) : target.links;
  if (body.linkId && links.length === 0) throw notFound(AlertText.linkNotFound, AlertErrorCode.linkNotFound);

  const now = deps.now?.() ?? new Date();
  const { settings } = deps.mail;
  const summary: AlertSummary = {
    kind,
    postTitle: target.title,
    itemText: body.linkId ? links[0]!.text : null,
    targetPrice,
  };
  const stopAllUrl = stopUrlFor(deps, { email });
  const rows = await deps.db.transaction().execute(async (trx) => {
    const address = await lockAddress(trx, email);
    const confirmed = address.confirmed_at !== null;
    const alertId = await upsertAlert(trx, {
      addressId: address.id,
      postId: target.postId,
      linkId: body.linkId ?? null,
      kind,
      targetPrice,
      postTitle: target.title,
      active: confirmed,
      expiresAt: new Date(now.getTime() + ALERT_LIFETIME_MS),
      now,
      links: links.map((link) => ({ linkId: link.linkId, price: link.price, currency: link.currency })),
    });
    if (confirmed) {
      const stopUrl = stopUrlFor(deps, { alertIds: [alertId] });
      return writeOutbox(trx, settings, [
        {
          kind: 'alert-started',
          to: email,
          email: renderAlertStarted(settings, { alert: summary, stopUrl, stopAllUrl }),
          headers: alertListHeaders(stopUrl),
        },
      ]);
    }
    const sentAt = address.confirmation_sent_at;
    if (
      address.confirm_token_hash !== null &&
      sentAt !== null &&
      now.getTime() - sentAt.getTime() < deps.resendCooldownMs
    ) {
      return []; // the e-mail sent minutes ago confirms this alert too
    }
    const { token, hash } = newConfirmationToken();
    await storeAddressToken(trx, address.id, hash, new Date(now.getTime() + CONFIRMATION_TTL_MS), now);
    return writeOutbox(trx, settings, [
      {
        kind: 'alert-confirmation',
        to: email,
        email: renderAlertConfirmation(settings, {
          alert: summary,
          confirmUrl: `${settings.siteUrl}/api/alerts/confirm/${token}`,
          stopAllUrl,
          expiresInDays: CONFIRMATION_TTL_DAYS,
        }),
        headers: alertListHeaders(stopAllUrl),
      },
    ]);
  });
  await deps.mail.enqueue(rows);
  return ANSWER;
}

/** GET /api/alerts/confirm/{token}: single use, 7-day expiry, turns the address's alerts on. */
export async function confirmAlerts(deps: AlertDeps, token: string): Promise<AlertMessageAnswer> {
  const invalid = badRequest(AlertText.tokenInvalid, AlertErrorCode.tokenInvalid);
  if (!looksLikeToken(token)) throw invalid;
  const now = deps.now?.() ?? new Date();
  const hash = hashConfirmationToken(token);
  if (await confirmAddress(deps.db, hash, now, ALERT_LIFETIME_MS)) {
    return { success: true, message: AlertText.confirmed };
  }
  const address = await findAddressByToken(deps.db, hash);
  if (address?.confirm_token_expires_at && address.confirm_token_expires_at <= now)
    throw new AppError(410, AlertErrorCode.tokenExpired, AlertText.tokenExpired);
  throw invalid;
}

/** RFC 8058 one-click (POST): stops the alerts the signed token names, or all of its address's. */
export async function stopAlerts(deps: AlertDeps, token: string): Promise<AlertMessageAnswer> {
  const stop = verifyAlertStop(deps.mail.settings.signingSecret, token);
  if (!stop) throw badRequest(AlertText.linkInvalid, AlertErrorCode.linkInvalid);
  await unsubscribeAlerts(deps.db, stop, deps.now?.() ?? new Date());
  return { success: true, message: 'alertIds' in stop ? AlertText.stopped : AlertText.stoppedAll };
}

/** Whether a stop token is genuine (the GET page shows its button only then). */
export const isStopToken = (deps: AlertDeps, token: string) =>
  verifyAlertStop(deps.mail.settings.signingSecret, token) !== null;
