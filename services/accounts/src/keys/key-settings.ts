import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { JSONWebKeySet } from 'jose';
import { readJwks } from '@celebstyle/service-kit';
import { importSigningKey, readPrivateJwk, type SigningKey } from './signing-key.ts';

const DEV_KEYS_FOLDER = fileURLToPath(new URL('../../../../.data/keys/', import.meta.url));

export interface KeySettings {
  NODE_ENV: string;
  AUTH_PRIVATE_KEY?: string;
  AUTH_PRIVATE_KEY_FILE?: string;
  AUTH_JWKS?: string;
  AUTH_JWKS_FILE?: string;
}

/** Outside production, fall back to the keys the launcher writes to .data/keys/ at the repo root. */
function devFile(settings: KeySettings, name: string): string | undefined {
  if (settings.NODE_ENV === 'production') return undefined;
  const file = `${DEV_KEYS_FOLDER}${name}`;
  return existsSync(file) ? file : undefined;
}

/** The signing key (required: production never starts without one) and the optional public key set. */
export async function loadKeys(
  settings: KeySettings,
): Promise<{ signingKey: SigningKey; jwks: JSONWebKeySet | null }> {
  const signingKey = await importSigningKey(
    readPrivateJwk(
      settings.AUTH_PRIVATE_KEY,
      settings.AUTH_PRIVATE_KEY_FILE ?? devFile(settings, 'private.jwk.json'),
    ),
  );
  const jwksFile = settings.AUTH_JWKS_FILE ?? devFile(settings, 'jwks.json');
  const jwks = settings.AUTH_JWKS || jwksFile ? readJwks(settings.AUTH_JWKS, jwksFile) : null;
  return { signingKey, jwks };
}
