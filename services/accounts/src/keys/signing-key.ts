import { readFileSync } from 'node:fs';
import { importJWK, type JWK, type JSONWebKeySet, type CryptoKey } from 'jose';
import { ACCESS_TOKEN_ALGORITHMS } from '@celebstyle/service-kit';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The matching public JWK (no private part), published in AUTH_JWKS for verifiers. */
  publicJwk: JWK;
}

const ALGORITHM = ACCESS_TOKEN_ALGORITHMS[0];

/** Reads the private JWK from AUTH_PRIVATE_KEY (inline JSON) or AUTH_PRIVATE_KEY_FILE (a path). */
export function readPrivateJwk(inline: string | undefined, file: string | undefined): JWK {
  const text = inline && inline.trim() !== '' ? inline : file ? readFileSync(file, 'utf8') : undefined;
  if (!text) {
    throw new Error(
      'AUTH_PRIVATE_KEY or AUTH_PRIVATE_KEY_FILE is required (generate one with `npm run keys -w @celebstyle/accounts`)',
    );
  }
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error('AUTH_PRIVATE_KEY is not valid JSON');
  }
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.d !== 'string' || typeof jwk.x !== 'string')
    throw new Error('AUTH_PRIVATE_KEY must be a private Ed25519 JWK (kty OKP, crv Ed25519, with d)');
  if (typeof jwk.kid !== 'string' || jwk.kid === '') throw new Error('AUTH_PRIVATE_KEY must have a kid');
  if (jwk.alg !== undefined && jwk.alg !== ALGORITHM)
    throw new Error(`AUTH_PRIVATE_KEY alg must be ${ALGORITHM}`);
  return jwk;
}

export async function importSigningKey(jwk: JWK): Promise<SigningKey> {
  const privateKey = (await importJWK({ ...jwk, alg: ALGORITHM }, ALGORITHM)) as CryptoKey;
  const { kty, crv, x, kid } = jwk;
  return { kid: kid!, privateKey, publicJwk: { kty, crv, x, kid, alg: ALGORITHM, use: 'sig' } };
}

/** The keys accounts verifies with: the configured set (old and new during rotation) plus its own. */
export function verificationKeys(configured: JSONWebKeySet | null, own: SigningKey): JSONWebKeySet {
  const others = (configured?.keys ?? []).filter((key) => key.kid !== own.kid);
  return { keys: [own.publicJwk, ...others] };
}
