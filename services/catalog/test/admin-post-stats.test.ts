import type { TokenSigner } from '@celebstyle/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPosts } from './helpers/post-fixtures.ts';
import { startAdminTestCatalog, startTestCatalog, type TestCatalog } from './helpers/app.ts';

let t: TestCatalog;
let signer: TokenSigner;
let noKeys: TestCatalog;

beforeAll(async () => {
  const admin = await startAdminTestCatalog('admin_post_stats');
  t = admin;
  signer = admin.signer;
  noKeys = await startTestCatalog('admin_post_stats_no_keys');
  const now = new Date();
  const yesterday = new Date(Date.now() - 36 * 3_600_000);
  await addPosts(t.db, [
    { status: 'pending', platform: 'bigblondehair', created_at: now },
    { status: 'pending', platform: 'wornontv', created_at: now },
    { status: 'approved', platform: 'bigblondehair', created_at: yesterday },
    { status: 'rejected', platform: 'wornontv', created_at: yesterday },
    { status: 'hidden', platform: 'wornontv', created_at: yesterday },
  ]);
});
afterAll(async () => {
  await t?.close();
  await noKeys?.close();
});

const stats = async (app: TestCatalog['app'], token?: string) =>
  app.inject({
    url: '/api/admin/posts/stats',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('GET /api/admin/posts/stats (admin.md §2 Dashboard, §3 Post statistics)', () => {
  it('counts every post by status, platform and today', async () => {
    const res = await stats(t.app, await signer.sign({ sub: crypto.randomUUID() }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      total: 5,
      byStatus: { pending: 2, approved: 1, rejected: 1, hidden: 1 },
      today: 2,
      byPlatform: { bigblondehair: 2, wornontv: 3 },
    });
  });

  it('answers 401 without a valid admin token', async () => {
    expect((await stats(t.app)).statusCode).toBe(401);
    expect((await stats(t.app, 'not-a-token')).statusCode).toBe(401);
  });

  it('answers 503, not the figures, when no public keys are configured', async () => {
    const res = await stats(noKeys.app, await signer.sign({ sub: crypto.randomUUID() }));
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
