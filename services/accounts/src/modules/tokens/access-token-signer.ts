import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  ACCESS_TOKEN_ALGORITHMS,
  ACCESS_TOKEN_TTL_SECONDS,
  ACCESS_TOKEN_TYPE,
  type AccessTokenClaims,
  type AdminRole,
} from '@celebstyle/service-kit';
import type { SigningKey } from '../../keys/signing-key.ts';

export interface TokenSubject {
  id: string;
  username: string;
  role: AdminRole;
  tokenVersion: number;
}

export type AccessTokenSigner = (admin: TokenSubject, sessionId: string) => Promise<string>;

/** Signs access tokens per service-kit's contract (auth/access-token.ts); sid names the sign-in session. */
export function createAccessTokenSigner(options: {
  key: SigningKey;
  issuer: string;
  audience: string;
  ttlSeconds?: number;
}): AccessTokenSigner {
  const ttl = options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  return async (admin, sessionId) => {
    const claims: Omit<AccessTokenClaims, 'sub'> & { sid: string } = {
      username: admin.username,
      role: admin.role,
      ver: admin.tokenVersion,
      sid: sessionId,
    };
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHMS[0], typ: ACCESS_TOKEN_TYPE, kid: options.key.kid })
      .setSubject(admin.id)
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + ttl)
      .setJti(randomUUID())
      .sign(options.key.privateKey);
  };
}
