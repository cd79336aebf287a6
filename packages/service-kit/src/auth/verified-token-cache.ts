import { LRUCache } from 'lru-cache';
import type { AuthenticatedAdmin } from './access-token.ts';

export interface VerifiedToken {
  admin: AuthenticatedAdmin;
  /** The token's `exp` claim, in seconds since the epoch. */
  expiresAt: number;
}

export interface VerifiedTokenCacheOptions {
  /** Most tokens remembered; the least recently used goes first. */
  maxEntries: number;
  /** The clock, in seconds since the epoch (tests move it). */
  nowSeconds?: () => number;
}

const epochSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Remembers what a signature and claims check found for each token, keyed by the token's exact
 * text, until the token's own expiry: an admin console sends the same token with every request for
 * up to 15 minutes, and the EdDSA verification was most of the CPU a guarded request cost in the
 * gateway and again in the service. Only tokens that passed are kept, so no caller can fill the
 * cache with forgeries; the public keys are fixed for the life of the process. Revocation is not
 * cached: the guards still read the token version and the session's end on every request.
 */
export function rememberVerifiedTokens(
  verify: (token: string) => Promise<VerifiedToken>,
  options: VerifiedTokenCacheOptions,
): (token: string) => Promise<AuthenticatedAdmin> {
  const now = options.nowSeconds ?? epochSeconds;
  const verified = new LRUCache<string, VerifiedToken>({ max: options.maxEntries });
  return async (token) => {
    const known = verified.get(token);
    // The verifier's own rule: a token is expired from the second its exp names.
    if (known && now() < known.expiresAt) return { ...known.admin };
    if (known) verified.delete(token);
    const fresh = await verify(token);
    verified.set(token, fresh);
    return { ...fresh.admin };
  };
}
