import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier } from '@celebstyle/service-kit';
import { loadKeys } from '../src/keys/key-settings.ts';
import { readPrivateJwk } from '../src/keys/signing-key.ts';
import { createAccessTokenSigner } from '../src/modules/tokens/access-token-signer.ts';
import { AUDIENCE, ISSUER } from './helpers/app.ts';

const run = promisify(execFile);
const SERVICE_ROOT = fileURLToPath(new URL('..', import.meta.url));
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'accounts-keys-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const generate = (out: string, ...extra: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/keys/generate-keys-command.ts', '--out', out, ...extra], {
    cwd: SERVICE_ROOT,
  });

describe('signing keys', () => {
  it('the keys command writes a private JWK (0600) and a public JWK Set without private parts', async () => {
    await generate(path.join(folder, 'v1'));
    const privateFile = path.join(folder, 'v1', 'private.jwk.json');
    expect((await stat(privateFile)).mode & 0o777).toBe(0o600);
    const jwk = readPrivateJwk(undefined, privateFile);
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    const jwks = JSON.parse(await readFile(path.join(folder, 'v1', 'jwks.json'), 'utf8'));
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys[0].kid).toBe(jwk.kid);
    await expect(generate(path.join(folder, 'v1'))).rejects.toMatchObject({ code: 1 });
  });

  it('rotation: a set with the new and the old public key verifies tokens signed by either key', async () => {
    const oldFolder = path.join(folder, 'v1');
    const newFolder = path.join(folder, 'v2');
    await generate(newFolder, '--keep', path.join(oldFolder, 'jwks.json'));
    const oldKeys = await loadKeys({
      NODE_ENV: 'production',
      AUTH_PRIVATE_KEY_FILE: path.join(oldFolder, 'private.jwk.json'),
    });
    const newKeys = await loadKeys({
      NODE_ENV: 'production',
      AUTH_PRIVATE_KEY_FILE: path.join(newFolder, 'private.jwk.json'),
      AUTH_JWKS_FILE: path.join(newFolder, 'jwks.json'),
    });
    expect(newKeys.jwks!.keys.map((k) => k.kid)).toEqual([newKeys.signingKey.kid, oldKeys.signingKey.kid]);

    const verify = createTokenVerifier({ jwks: newKeys.jwks!, issuer: ISSUER, audience: AUDIENCE });
    const subject = {
      id: '7d0f6a1e-0000-4000-8000-000000000001',
      username: 'a',
      role: 'admin' as const,
      tokenVersion: 1,
    };
    for (const key of [oldKeys.signingKey, newKeys.signingKey]) {
      const sign = createAccessTokenSigner({ key, issuer: ISSUER, audience: AUDIENCE });
      await expect(verify(await sign(subject, 'session'))).resolves.toMatchObject({ id: subject.id });
    }
    // After the old public key is dropped, its tokens are refused.
    const onlyNew = createTokenVerifier({
      jwks: { keys: [newKeys.signingKey.publicJwk] },
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    const oldSign = createAccessTokenSigner({ key: oldKeys.signingKey, issuer: ISSUER, audience: AUDIENCE });
    await expect(onlyNew(await oldSign(subject, 'session'))).rejects.toMatchObject({ statusCode: 401 });
  });

  it('production refuses to start without a private key, and a key must be a private Ed25519 JWK with a kid', async () => {
    await expect(loadKeys({ NODE_ENV: 'production' })).rejects.toThrow(
      /AUTH_PRIVATE_KEY or AUTH_PRIVATE_KEY_FILE is required/,
    );
    expect(() => readPrivateJwk('{"kty":"OKP","crv":"Ed25519","x":"abc"}', undefined)).toThrow(
      /private Ed25519 JWK/,
    );
    expect(() =>
      readPrivateJwk('{"kty":"EC","crv":"P-256","x":"a","y":"b","d":"c","kid":"k"}', undefined),
    ).toThrow();
    expect(() => readPrivateJwk('{"kty":"OKP","crv":"Ed25519","x":"a","d":"b"}', undefined)).toThrow(/kid/);
    expect(() => readPrivateJwk('not json', undefined)).toThrow(/not valid JSON/);
  });
});
