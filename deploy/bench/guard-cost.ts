import { createProducerConnection, whenRedisReady } from '@celebstyle/queue';
import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  readJwks,
  redisTokenVersions,
} from '@celebstyle/service-kit';

/**
 * What the gateway's admin check costs per request on its own: signature, claims and the
 * token-version read from Redis, measured in this process, one after the other.
 */
export async function guardCostMicroseconds(
  jwksFile: string,
  redisUrl: string,
  token: string,
  rounds = 2000,
) {
  const redis = createProducerConnection(redisUrl, { lazyConnect: false });
  try {
    await whenRedisReady(redis);
    const verify = createTokenVerifier({
      jwks: readJwks(undefined, jwksFile),
      issuer: DEFAULT_TOKEN_ISSUER,
      audience: DEFAULT_TOKEN_AUDIENCE,
    });
    const guards = createAuthGuards(verify, redisTokenVersions(redis));
    const header = `Bearer ${token}`;
    for (let i = 0; i < 200; i++) await guards.authenticate(header); // warm-up
    const started = performance.now();
    for (let i = 0; i < rounds; i++) await guards.authenticate(header);
    return Math.round(((performance.now() - started) * 1000) / rounds);
  } finally {
    redis.disconnect();
  }
}
