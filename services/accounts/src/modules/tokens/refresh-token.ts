import { createHash, randomBytes } from 'node:crypto';

/** Refresh tokens live 7 days from their last use, and a sign-in session at most 30 days. */
export const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 3600 * 1000;

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
