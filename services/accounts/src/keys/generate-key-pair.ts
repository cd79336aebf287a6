import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { ACCESS_TOKEN_ALGORITHMS } from '@celebstyle/service-kit';

export interface GeneratedKeyPair {
  privateJwk: JWK;
  publicJwk: JWK;
}

/** A new Ed25519 signing key; its kid is the RFC 7638 thumbprint, so it is unique and stable. */
export async function generateSigningKeyPair(): Promise<GeneratedKeyPair> {
  const alg = ACCESS_TOKEN_ALGORITHMS[0];
  const { privateKey, publicKey } = await generateKeyPair(alg, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg, use: 'sig' },
    publicJwk: { ...publicJwk, kid, alg, use: 'sig' },
  };
}
