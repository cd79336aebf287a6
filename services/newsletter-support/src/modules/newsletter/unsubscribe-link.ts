import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'newsletter-unsubscribe:v1:';

function signature(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + email)
    .digest('base64url');
}

/**
 * RFC 8058 one-click unsubscribe token: the address and an HMAC of it. It needs no database row,
 * never expires (old newsletters keep working) and cannot be forged for another address.
 */
export function signUnsubscribeToken(secret: string, email: string): string {
  return `${Buffer.from(email).toString('base64url')}.${signature(secret, email)}`;
}

/** The address a token was signed for, or null when it is malformed or forged. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,700})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const email = Buffer.from(match[1]!, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(secret, email));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}

export const ONE_CLICK_PATH = '/api/newsletter/unsubscribe/one-click';

/** The link in List-Unsubscribe (POST: unsubscribes; GET: leads to the storefront's page). */
export const oneClickUrl = (siteUrl: string, token: string) => `${siteUrl}${ONE_CLICK_PATH}/${token}`;
