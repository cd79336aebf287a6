import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';

export interface DevKeys {
  privateKeyFile: string;
  jwksFile: string;
}

export interface AdminCredentials {
  username: string;
  email: string;
  password: string;
}

function writeSecret(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, content, { mode: 0o600 });
}

/**
 * Development signing keys, generated once: an Ed25519 private JWK (kid, alg EdDSA) for accounts
 * and the public JWK Set for every verifier. Production provides its own (README: key configuration).
 */
export async function ensureDevKeys(dataDir: string): Promise<DevKeys> {
  const dir = path.join(dataDir, 'keys');
  const privateKeyFile = path.join(dir, 'private.jwk.json');
  const jwksFile = path.join(dir, 'jwks.json');
  if (existsSync(privateKeyFile) && existsSync(jwksFile)) return { privateKeyFile, jwksFile };
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'EdDSA', use: 'sig' };
  writeSecret(privateKeyFile, `${JSON.stringify(privateJwk, null, 2)}\n`);
  writeFileSync(
    jwksFile,
    `${JSON.stringify({ keys: [{ ...publicJwk, kid, alg: 'EdDSA', use: 'sig' }] }, null, 2)}\n`,
  );
  return { privateKeyFile, jwksFile };
}

/** A strong random password: 24 characters from 144 random bits, URL-safe. */
function strongPassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The first super admin in development (docs/design.md Authentication): generated once into
 * .data/admin-credentials.json and handed to accounts, which creates it when no admin exists.
 */
export function ensureDevAdmin(dataDir: string): AdminCredentials {
  const file = path.join(dataDir, 'admin-credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as AdminCredentials;
  const credentials = { username: 'admin', email: 'admin@celebstyle.localhost', password: strongPassword() };
  writeSecret(file, `${JSON.stringify(credentials, null, 2)}\n`);
  return credentials;
}

/** The newsletter's HMAC key for unsubscribe links, generated once for development. */
export function ensureDevNewsletterSecret(dataDir: string): string {
  const file = path.join(dataDir, 'newsletter-signing-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeSecret(file, `${secret}\n`);
  return secret;
}
