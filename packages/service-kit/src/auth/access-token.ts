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
}

export interface AuthenticatedAdmin {
  id: string;
  username: string;
  role: AdminRole;
  tokenVersion: number;
}

/** Redis key holding an admin's current token version (see revocation.ts). */
export const tokenVersionKey = (adminId: string) => `auth:admin-token-version:${adminId}`;
