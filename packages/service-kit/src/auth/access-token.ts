/**
 * The access-token contract between accounts (which signs) and every verifier (services, gateway).
 * Asymmetric keys: accounts alone holds the private key; verifiers get public keys only, so no
 * verifier can mint a token.
 */
export const ACCESS_TOKEN_TYPE = 'at+jwt'; // RFC 9068 access-token media type, checked on every verify
export const ACCESS_TOKEN_ALGORITHMS = ['EdDSA'] as const;
export const DEFAULT_TOKEN_ISSUER = 'celebstyle-accounts';
export const DEFAULT_TOKEN_AUDIENCE = 'celebstyle-admin';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export type AdminRole = 'admin' | 'super_admin';

export interface AccessTokenClaims {
  sub: string;
  username: string;
  role: AdminRole;
  /** The admin's token version when the token was issued; raised by accounts to revoke at once. */
  ver: number;
  /** The sign-in session (refresh-token family) the token was issued in; ended by sign-out or reuse. */
  sid: string;
}

export interface AuthenticatedAdmin {
  id: string;
  username: string;
  role: AdminRole;
  tokenVersion: number;
  sessionId: string;
}

/** Redis key holding an admin's current token version (see revocation.ts). */
export const tokenVersionKey = (adminId: string) => `auth:admin-token-version:${adminId}`;

/**
 * Redis key marking an ended sign-in session (see revocation.ts): set by accounts at sign-out and
 * on refresh-token reuse, kept until every access token of the session has expired.
 */
export const revokedSessionKey = (sessionId: string) => `auth:revoked-session:${sessionId}`;
export const REVOKED_SESSION_TTL_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;
