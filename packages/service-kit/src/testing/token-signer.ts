import { randomUUID } from 'node:crypto';
import { DEFAULT_TOKEN_AUDIENCE, DEFAULT_TOKEN_ISSUER, type AdminRole } from '../auth/access-token.ts';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JSONWebKeySet } from 'jose';

/**
 * For services' tests (`@celebstyle/service-kit/testing`): signs access tokens the way accounts does
 * (access-token.ts contract), with a key of the test's own, whose public JWK Set the app under test
 * verifies with.
 */
export interface TokenSigner {
  jwks: JSONWebKeySet;
  sign(claims: {
    sub: string;
    username?: string;
    role?: AdminRole;
    ver?: number;
    /** The sign-in session; a fresh one by default. */
    sid?: string;
    expiresIn?: string;
  }): Promise<string>;
}

export async function createTokenSigner(): Promise<TokenSigner> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    sign: (claims) =>
      new SignJWT({
        username: claims.username ?? 'editor',
        role: claims.role ?? 'admin',
        ver: claims.ver ?? 1,
        sid: claims.sid ?? randomUUID(),
      })
        .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: 'test-key' })
        .setSubject(claims.sub)
        .setIssuer(DEFAULT_TOKEN_ISSUER)
        .setAudience(DEFAULT_TOKEN_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(claims.expiresIn ?? '5m')
        .sign(privateKey as CryptoKey),
  };
}
