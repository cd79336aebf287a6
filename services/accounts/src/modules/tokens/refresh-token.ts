import { createHash, randomBytes } from 'node:crypto';

/** Refresh tokens live 7 days from their last use, and a sign-in session at most 30 days. */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * How long a just-rotated refresh token may still be redeemed (OAuth 2.0 Security BCP §4.14.2):
 * two tabs or a retried request that refreshed with the same token at nearly the same moment keep
 * the session; a spent token coming back later still ends it.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 20;
export const REFRESH_REUSE_GRACE_MAX_SECONDS = 300;

/**
 * An opaque refresh token: 256 random bits, base64url. Only its SHA-256 is stored; a fast hash is
 * enough because the token has full entropy (nothing to guess from a leaked hash).
 */
export function newRefreshToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
