import { createProducerConnection, whenRedisReady } from '@celebstyle/queue';
import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  readJwks,
  redisTokenVersions,
} from '@celebstyle/service-kit';

export interface GuardCost {
  /** Signature and claims checked on every request (the verified-token cache off). */
  verifiedEveryTime: number;
  /** As the gateway and services run it: the signature check remembered for the token. */
  remembered: number;
}

/**
 * What the gateway's admin check costs per request on its own: signature, claims and the
 * token-version read from Redis, measured in this process, one after the other, in microseconds.
 */
export async function guardCostMicroseconds(
  jwksFile: string,
  redisUrl: string,
  token: string,
  rounds = 2000,
): Promise<GuardCost> {
  const redis = createProducerConnection(redisUrl, { lazyConnect: false });
  try {
    await whenRedisReady(redis);
    const perCheck = async (cacheEntries: number | undefined) => {
      const verify = createTokenVerifier({
        jwks: readJwks(undefined, jwksFile),
        issuer: DEFAULT_TOKEN_ISSUER,
        audience: DEFAULT_TOKEN_AUDIENCE,
        cacheEntries,
      });
      const guards = createAuthGuards(verify, redisTokenVersions(redis));
      const header = `Bearer ${token}`;
      for (let i = 0; i < 200; i++) await guards.authenticate(header); // warm-up
      const started = performance.now();
      for (let i = 0; i < rounds; i++) await guards.authenticate(header);
      return Math.round(((performance.now() - started) * 1000) / rounds);
    };
    return { verifiedEveryTime: await perCheck(0), remembered: await perCheck(undefined) };
  } finally {
    redis.disconnect();
  }
}
