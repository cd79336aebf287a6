import { createHash, randomBytes } from 'node:crypto';

/** Confirmation links expire after 7 days (README, Rules). */
export const CONFIRMATION_TTL_DAYS = 7;
export const CONFIRMATION_TTL_MS = CONFIRMATION_TTL_DAYS * 24 * 3600 * 1000;

/** 256 random bits, URL-safe. Only the hash is stored. */
export function newConfirmationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashConfirmationToken(token) };
}

export const hashConfirmationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Tokens we issue are 43 base64url characters; anything else is refused before a lookup. */
export const looksLikeToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);
