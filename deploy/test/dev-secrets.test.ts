import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTokenVerifier } from '@celebstyle/service-kit';
import { importJWK, SignJWT, type JWK } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDevAdmin, ensureDevKeys } from '../src/dev-secrets.ts';

describe('development secrets', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates an Ed25519 key pair once: a private JWK with kid and alg, and a public-only JWK Set', async () => {
    const first = await ensureDevKeys(dir);
    const again = await ensureDevKeys(dir);
    expect(readFileSync(again.privateKeyFile, 'utf8')).toBe(readFileSync(first.privateKeyFile, 'utf8'));
    const privateJwk = JSON.parse(readFileSync(first.privateKeyFile, 'utf8')) as JWK;
    const jwks = JSON.parse(readFileSync(first.jwksFile, 'utf8')) as { keys: JWK[] };
    expect(privateJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: expect.any(String) });
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys[0]!.kid).toBe(privateJwk.kid);
    expect(statSync(first.privateKeyFile).mode & 0o077).toBe(0);

    // What accounts signs with the private key, every verifier accepts with the public set.
    const token = await new SignJWT({ username: 'admin', role: 'super_admin', ver: 1, sid: 's1' })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt', kid: privateJwk.kid })
      .setSubject('a1')
      .setIssuer('celebstyle-accounts')
      .setAudience('celebstyle-admin')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(await importJWK(privateJwk, 'EdDSA'));
    const verify = createTokenVerifier({ jwks, issuer: 'celebstyle-accounts', audience: 'celebstyle-admin' });
    await expect(verify(token)).resolves.toMatchObject({ id: 'a1', role: 'super_admin' });
  });

  it('generates the first super admin once, with a strong random password', () => {
    const admin = ensureDevAdmin(dir);
    expect(admin.username).toBe('admin');
    expect(admin.password.length).toBeGreaterThanOrEqual(20);
    expect(ensureDevAdmin(dir)).toEqual(admin);
  });
});
