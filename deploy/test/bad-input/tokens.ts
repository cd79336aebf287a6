import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Authorization values a caller could forge from one real access token: unsigned (alg none), the
 * signature swapped, expired yet signed with the stack's own key, signed by another key under the
 * same kid, and plain garbage.
 */
export async function forgedTokens(realToken: string, jwksFile: string): Promise<Record<string, string>> {
  const header = decodeProtectedHeader(realToken);
  const claims = decodeJwt(realToken);
  const [encodedHeader, encodedClaims] = realToken.split('.');
  const privateJwk = JSON.parse(
    await readFile(path.join(path.dirname(jwksFile), 'private.jwk.json'), 'utf8'),
  ) as JWK;
  const stackKey = await importJWK(privateJwk, 'EdDSA');
  const past = Math.floor(Date.now() / 1000) - 3600;
  const expired = await new SignJWT({ ...claims, iat: past - 900, exp: past })
    .setProtectedHeader({ alg: 'EdDSA', kid: header.kid! })
    .sign(stackKey);
  const { privateKey: otherKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const otherKeySigned = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', kid: header.kid! })
    .sign(otherKey);
  return {
    'alg none': `Bearer ${base64url({ alg: 'none', typ: 'JWT' })}.${encodedClaims}.`,
    'wrong signature': `Bearer ${encodedHeader}.${encodedClaims}.${randomBytes(64).toString('base64url')}`,
    expired: `Bearer ${expired}`,
    'another key': `Bearer ${otherKeySigned}`,
    garbage: 'Bearer %00not.a.token\u00ff',
    'not bearer': `Basic ${Buffer.from('admin:admin').toString('base64')}`,
  };
}
