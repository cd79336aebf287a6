import { describe, expect, it } from 'vitest';
import { rememberVerifiedTokens, type VerifiedToken } from '../src/index.ts';

/** A verifier that counts its calls and answers each token's made-up claims (exp 1,000). */
function countingVerifier() {
  const calls: string[] = [];
  const verify = async (token: string): Promise<VerifiedToken> => {
    calls.push(token);
    if (token.startsWith('bad')) throw new Error('Invalid access token');
    return {
      admin: { id: token, username: 'kim', role: 'admin', tokenVersion: 1, sessionId: 's' },
      expiresAt: 1_000,
    };
  };
  return { calls, verify };
}

describe('rememberVerifiedTokens', () => {
  it('verifies a token once and answers its admin again from memory until its expiry', async () => {
    const { calls, verify } = countingVerifier();
    let now = 900;
    const check = rememberVerifiedTokens(verify, { maxEntries: 10, nowSeconds: () => now });
    expect((await check('t1')).id).toBe('t1');
    expect((await check('t1')).id).toBe('t1');
    expect((await check('t2')).id).toBe('t2');
    expect(calls).toEqual(['t1', 't2']);
    now = 999;
    await check('t1');
    expect(calls).toEqual(['t1', 't2']);
    // From the second its exp names, the token goes back to the verifier (which refuses it).
    now = 1_000;
    await check('t1');
    expect(calls).toEqual(['t1', 't2', 't1']);
  });

  it('remembers no refusal: a bad token is verified, and refused, every time', async () => {
    const { calls, verify } = countingVerifier();
    const check = rememberVerifiedTokens(verify, { maxEntries: 10, nowSeconds: () => 0 });
    await expect(check('bad')).rejects.toThrow('Invalid access token');
    await expect(check('bad')).rejects.toThrow('Invalid access token');
    expect(calls).toEqual(['bad', 'bad']);
  });

  it('keeps at most maxEntries tokens, dropping the least recently used', async () => {
    const { calls, verify } = countingVerifier();
    const check = rememberVerifiedTokens(verify, { maxEntries: 2, nowSeconds: () => 0 });
    for (const token of ['a', 'b', 'a', 'c', 'a', 'b']) await check(token);
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });

  it('hands each caller its own copy of the admin', async () => {
    const { verify } = countingVerifier();
    const check = rememberVerifiedTokens(verify, { maxEntries: 2, nowSeconds: () => 0 });
    const first = await check('t');
    first.role = 'super_admin';
    expect((await check('t')).role).toBe('admin');
  });
});
