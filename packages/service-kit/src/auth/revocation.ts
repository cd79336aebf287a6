import type { Redis } from 'ioredis';
import { revokedSessionKey, tokenVersionKey } from './access-token.ts';

export interface RevocationState {
  /** The admin's current token version; null when Redis has none (accounts re-publishes them). */
  version: number | null;
  /** The token's sign-in session was ended (sign-out, refresh-token reuse). */
  sessionEnded: boolean;
}

/**
 * Immediate revocation: accounts raises an admin's token version (in PostgreSQL, mirrored to Redis)
 * when the admin is deactivated, deleted, gets a new password or a new role, and marks a sign-in
 * session as ended when the admin signs out or a used refresh token comes back. Guards compare the
 * version inside the token with the current one and look for the session's mark, so either holds on
 * the very next request. A version compare has no clock-skew edge, unlike comparing issue times
 * that have second precision.
 */
export interface TokenVersionSource {
  /** Both facts in one round trip. */
  currentState(adminId: string, sessionId: string): Promise<RevocationState>;
}

export function redisTokenVersions(redis: Redis): TokenVersionSource {
  return {
    async currentState(adminId, sessionId) {
      const [version, ended] = await redis.mget(tokenVersionKey(adminId), revokedSessionKey(sessionId));
      return { version: version == null ? null : Number(version), sessionEnded: ended != null };
    },
  };
}
