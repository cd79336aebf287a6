import {
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  createTokenVerifier,
  type TokenVerifier,
} from '@celebstyle/service-kit';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface TestKeys {
  verifier: TokenVerifier;
  sign(claims?: { sub?: string; role?: string; ver?: number; sid?: string; exp?: string }): Promise<string>;
}

/** A fresh Ed25519 key pair: tokens signed as accounts would sign them, and a verifier with the public key. */
export async function createTestKeys(): Promise<TestKeys> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'EdDSA', use: 'sig' };
  const verifier = createTokenVerifier({
    jwks: { keys: [publicJwk] },
    issuer: DEFAULT_TOKEN_ISSUER,
    audience: DEFAULT_TOKEN_AUDIENCE,
  });
  return { verifier, sign: (claims = {}) => signWith(privateKey, claims) };
}

export function signWith(
  key: CryptoKey,
  claims: { sub?: string; role?: string; ver?: number; sid?: string; exp?: string } = {},
): Promise<string> {
  return new SignJWT({
    username: 'kim',
    role: claims.role ?? 'admin',
    ver: claims.ver ?? 1,
    sid: claims.sid ?? 'session-1',
  })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: 'test-key' })
    .setSubject(claims.sub ?? 'admin-1')
    .setIssuer(DEFAULT_TOKEN_ISSUER)
    .setAudience(DEFAULT_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(claims.exp ?? '15m')
    .sign(key);
}
