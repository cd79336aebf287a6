import type { Redis } from 'ioredis';
import { tokenVersionKey } from './access-token.ts';

/**
 * Immediate revocation: accounts raises an admin's token version (in PostgreSQL, mirrored to Redis)
 * when the admin is deactivated, deleted, gets a new password or a new role. Guards compare the
 * version inside the token with the current one, so the change holds on the very next request.
 * A version compare has no clock-skew edge, unlike comparing issue times that have second precision.
 */
export interface TokenVersionSource {
  currentVersion(adminId: string): Promise<number | null>;
}

export function redisTokenVersions(redis: Redis): TokenVersionSource {
  return {
    async currentVersion(adminId) {
      const value = await redis.get(tokenVersionKey(adminId));
      return value === null ? null : Number(value);
    },
  };
}
