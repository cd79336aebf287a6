import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { JSONWebKeySet } from 'jose';
import { generateSigningKeyPair } from './generate-key-pair.ts';

/**
 * CLI: npm run keys -w @celebstyle/accounts -- --out <dir> [--keep <old jwks.json>]
 * Writes <dir>/private.jwk.json (mode 0600, for AUTH_PRIVATE_KEY_FILE) and <dir>/jwks.json (for
 * AUTH_JWKS_FILE). With --keep, the old public keys stay in jwks.json: the rotation step where
 * verifiers accept both keys while tokens signed with the old one expire (README: key rotation).
 */
const { values } = parseArgs({
  options: { out: { type: 'string' }, keep: { type: 'string' }, force: { type: 'boolean', default: false } },
});
if (!values.out) {
  console.error(
    'usage: npm run keys -w @celebstyle/accounts -- --out <dir> [--keep <old jwks.json>] [--force]',
  );
  process.exit(2);
}
const out = path.resolve(values.out);
const privatePath = path.join(out, 'private.jwk.json');
const jwksPath = path.join(out, 'jwks.json');
if (existsSync(privatePath) && !values.force) {
  console.error(`${privatePath} exists; pass --force to replace it (keep the old one until rotation ends)`);
  process.exit(1);
}
const kept: JSONWebKeySet = values.keep
  ? (JSON.parse(readFileSync(values.keep, 'utf8')) as JSONWebKeySet)
  : { keys: [] };
const { privateJwk, publicJwk } = await generateSigningKeyPair();
mkdirSync(out, { recursive: true, mode: 0o700 });
writeFileSync(privatePath, `${JSON.stringify(privateJwk)}\n`, { mode: 0o600 });
const jwks: JSONWebKeySet = { keys: [publicJwk, ...kept.keys.filter((key) => key.kid !== publicJwk.kid)] };
writeFileSync(jwksPath, `${JSON.stringify(jwks, null, 2)}\n`);
console.log(
  `new key ${publicJwk.kid}\n  private: ${privatePath}\n  public key set (${jwks.keys.length} keys): ${jwksPath}`,
);
