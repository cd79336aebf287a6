import { createHmac, timingSafeEqual } from 'node:crypto';
import { UUID_PATTERN } from '@celebstyle/contracts';

const PURPOSE = 'alert-unsubscribe:v1:';

/** What an unsubscribe link stops: some alerts (the ones an e-mail was about), or all of an address's. */
export type AlertStop = { alertIds: string[] } | { email: string };

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + payload)
    .digest('base64url');
}

/**
 * RFC 8058 one-click token of alert e-mails: what it stops and an HMAC of it. Like the newsletter's,
 * it needs no stored state and cannot be forged for another alert or address.
 */
export function signAlertStop(secret: string, stop: AlertStop): string {
  const payload = 'alertIds' in stop ? `a:${stop.alertIds.join(',')}` : `e:${stop.email}`;
  return `${Buffer.from(payload).toString('base64url')}.${signature(secret, payload)}`;
}

export function verifyAlertStop(secret: string, token: string): AlertStop | null {
  const match = /^([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(secret, payload));
  const given = Buffer.from(match[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (payload.startsWith('e:')) return { email: payload.slice(2) };
  const ids = payload.startsWith('a:') ? payload.slice(2).split(',') : [];
  return ids.length > 0 && ids.every((id) => UUID_PATTERN.test(id)) ? { alertIds: ids } : null;
}

export const ALERT_STOP_PATH = '/api/alerts/unsubscribe';
export const alertStopUrl = (siteUrl: string, token: string) => `${siteUrl}${ALERT_STOP_PATH}/${token}`;
