import { randomUUID } from 'node:crypto';
import { SignJWT, type CryptoKey } from 'jose';
import { AUDIENCE, ISSUER } from './app.ts';

export interface CraftOptions {
  key: CryptoKey | Uint8Array;
  kid: string;
  sub: string;
  alg?: string;
  typ?: string;
  issuer?: string;
  audience?: string;
  expiresAt?: number;
  claims?: Record<string, unknown>;
}

/** Signs a token by hand, to try what an attacker or a misconfigured signer would send. */
export function craftToken(options: CraftOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ username: 'Alice', role: 'super_admin', ver: 1, sid: randomUUID(), ...options.claims })
    .setProtectedHeader({ alg: options.alg ?? 'EdDSA', typ: options.typ ?? 'at+jwt', kid: options.kid })
    .setSubject(options.sub)
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt(now - 60)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(options.key);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token (alg none), which no verifier may accept. */
export function unsignedToken(sub: string): string {
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64({
    sub,
    username: 'Alice',
    role: 'super_admin',
    ver: 99,
    sid: randomUUID(),
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    exp: now + 600,
  })}.`;
}
