import {
  createAuthGuards,
  createTokenVerifier,
  DEFAULT_TOKEN_AUDIENCE,
  DEFAULT_TOKEN_ISSUER,
  redisTokenVersions,
} from '@celebstyle/service-kit';
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/app.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { clearLinkHealth, insertLink, insertPost } from './helpers/link-health-rows.ts';

let h: Harness;
let token: string;
const BASE = '/api/admin/link-validation';
const LINKS = 'link_validation.links' as const;
const OUTBOX = 'link_validation.health_outbox' as const;

beforeAll(async () => {
  h = await startHarness('link-status');
  token = await h.signer.sign({ sub: randomUUID(), username: 'maria', ver: 1 });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await clearLinkHealth(h.db);
});

type Method = 'GET' | 'POST' | 'PUT';
const admin = (method: Method, url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
const setStatus = (payload: object) => admin('PUT', `${BASE}/link-status`, payload);
const linkRow = (id: string) =>
  h.db.selectFrom(LINKS).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outbox = () => h.db.selectFrom(OUTBOX).select(['payload', 'sent_at']).orderBy('id').execute();
/** Everything a refused request must leave alone. */
const snapshot = async () => ({
  links: await h.db.selectFrom(LINKS).selectAll().orderBy('id').execute(),
  outbox: await outbox(),
});

describe('PUT /link-status', () => {
  it('sets the status with who, when and notes, keeps the verdict it replaced, and writes the event', async () => {
    const postId = await insertPost(h.db);
    const linkId = await insertLink(h.db, postId, 1, { link_status: '404' });
    const before = Date.now();
    const answer = await setStatus({
      postId,
      linkIndex: 1,
      newStatus: 'active',
      notes: '  Checked by hand  ',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: 'Link status updated' });

    const link = await linkRow(linkId);
    expect(link).toMatchObject({
      link_status: 'active',
      overridden_status: '404',
      status_changed_by: 'maria',
      status_notes: 'Checked by hand',
    });
    expect(link.status_changed_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await outbox()).toEqual([
      {
        payload: expect.objectContaining({
          postId,
          linkId,
          status: 'active',
          checkedAt: link.status_changed_at!.toISOString(),
          changed: ['status'],
          previous: expect.objectContaining({ status: '404' }),
          linkText: 'Link 1',
        }),
        sent_at: null,
      },
    ]);

    // The results show the change and who made it.
    const details = await admin('GET', `${BASE}/posts/${postId}/links`);
    expect(details.json().links[0]).toMatchObject({
      linkStatus: 'active',
      statusChangedBy: 'maria',
      statusNotes: 'Checked by hand',
    });
  });

  it('keeps the automatic verdict across changes and clears it when the admin sets it back', async () => {
    const postId = await insertPost(h.db);
    const linkId = await insertLink(h.db, postId, 0, { link_status: 'unknown' });
    await setStatus({ postId, linkIndex: 0, newStatus: 'sold_out' });
    await setStatus({ postId, linkIndex: 0, newStatus: 'active' });
    expect(await linkRow(linkId)).toMatchObject({ link_status: 'active', overridden_status: 'unknown' });
    await setStatus({ postId, linkIndex: 0, newStatus: 'unknown' });
    expect(await linkRow(linkId)).toMatchObject({ link_status: 'unknown', overridden_status: null });
    expect((await outbox()).map((row) => (row.payload as { status: string }).status)).toEqual([
      'sold_out',
      'active',
      'unknown',
    ]);
  });

  it('records a note without an event when the status does not change', async () => {
    const postId = await insertPost(h.db);
    const linkId = await insertLink(h.db, postId, 0, { link_status: 'active' });
    const answer = await setStatus({ postId, linkIndex: 0, newStatus: 'active', notes: 'Looks fine' });
    expect(answer.json()).toEqual({ success: true, message: 'Link status unchanged; note recorded' });
    expect(await linkRow(linkId)).toMatchObject({
      link_status: 'active',
      overridden_status: null,
      status_notes: 'Looks fine',
      status_changed_by: 'maria',
    });
    expect(await outbox()).toEqual([]);
  });

  it('answers 404 for an unknown or deleted post and an unknown link, changing nothing', async () => {
    const postId = await insertPost(h.db);
    await insertLink(h.db, postId, 0, { link_status: '404' });
    const deleted = await insertPost(h.db, { deleted: true });
    await insertLink(h.db, deleted, 0, { link_status: '404' });
    const before = await snapshot();
    for (const [payload, message] of [
      [{ postId: randomUUID(), linkIndex: 0, newStatus: 'active' }, 'Post not found'],
      [{ postId: deleted, linkIndex: 0, newStatus: 'active' }, 'Post not found'],
      [{ postId, linkIndex: 5, newStatus: 'active' }, 'Link not found'],
    ] as const) {
      const answer = await setStatus(payload);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [{ linkIndex: 0, newStatus: 'active' }, 'body.postId is required'],
    [{ postId: 'abc', linkIndex: 0, newStatus: 'active' }, 'body.postId must match format "uuid"'],
    [{ postId: '00000000-0000-4000-8000-000000000000', newStatus: 'active' }, 'body.linkIndex is required'],
    [
      { postId: '00000000-0000-4000-8000-000000000000', linkIndex: -1, newStatus: 'active' },
      'body.linkIndex must be >= 0',
    ],
    [
      { postId: '00000000-0000-4000-8000-000000000000', linkIndex: 1.5, newStatus: 'active' },
      'body.linkIndex must be integer',
    ],
    [{ postId: '00000000-0000-4000-8000-000000000000', linkIndex: 0, newStatus: 'fixed' }, 'body.newStatus'],
    [{ postId: '00000000-0000-4000-8000-000000000000', linkIndex: 0 }, 'body.newStatus is required'],
    [
      {
        postId: '00000000-0000-4000-8000-000000000000',
        linkIndex: 0,
        newStatus: 'active',
        notes: 'n'.repeat(1001),
      },
      'body.notes',
    ],
  ])('refuses %j with a 400 naming the field, changing nothing', async (payload, message) => {
    const postId = '00000000-0000-4000-8000-000000000000';
    await insertPost(h.db, { id: postId });
    await insertLink(h.db, postId, 0, { link_status: '404' });
    await insertLink(h.db, postId, 1, { link_status: '404' });
    const before = await snapshot();
    const answer = await setStatus(payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('VALIDATION_FAILED');
    expect(answer.json().message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });
});

describe('totals reused between calls', () => {
  it('reuses the total for the same filters and counts again after a status change', async () => {
    const verify = createTokenVerifier({
      jwks: h.signer.jwks,
      issuer: DEFAULT_TOKEN_ISSUER,
      audience: DEFAULT_TOKEN_AUDIENCE,
    });
    // The production default: totals kept for 10 s.
    const app = await buildApp({
      db: h.db,
      redis: h.redis,
      keyPrefix: h.keyPrefix,
      guards: createAuthGuards(verify, redisTokenVersions(h.redis)),
      logLevel: 'silent',
    });
    try {
      const total = async (query: string) => {
        const answer = await app.inject({
          method: 'GET',
          url: `${BASE}/results?${query}`,
          headers: { authorization: `Bearer ${token}` },
        });
        return answer.json().pagination.total as number;
      };
      // A retailer is beyond the per-post masks: such totals are counted and reused for 10 s.
      const shop = 'retailer=Shop%20Example';
      const first = await insertPost(h.db);
      await insertLink(h.db, first, 0, { link_status: '404' });
      expect(await total(`linkStatus=404&${shop}`)).toBe(1);
      const second = await insertPost(h.db);
      await insertLink(h.db, second, 0, { link_status: '404' });
      expect(await total(`linkStatus=404&${shop}&sortBy=postTitle&page=2`)).toBe(1); // same filters: reused
      expect(await total(`linkStatus=404,invalid&${shop}`)).toBe(2); // other filters: counted
      // A status filter alone is answered from the masks: exact at once, never reused.
      expect(await total('linkStatus=404')).toBe(2);
      const third = await insertPost(h.db);
      await insertLink(h.db, third, 0, { link_status: '404' });
      expect(await total('linkStatus=404')).toBe(3);
      const change = await app.inject({
        method: 'PUT',
        url: `${BASE}/link-status`,
        payload: { postId: first, linkIndex: 0, newStatus: 'active' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(change.statusCode).toBe(200);
      expect(await total(`linkStatus=404&${shop}`)).toBe(2); // counted again: the second and third posts
      expect(await total('linkStatus=404')).toBe(2);
      expect(await total('linkStatus=active')).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('GET /posts/{postId}/links', () => {
  it('answers the post fields, its link count and up to 100 links by linkIndex ascending', async () => {
    const postId = await insertPost(h.db, {
      title: 'Airport outfit',
      celebrity: 'Hailey Bieber',
      show: '',
      brand: 'Bottega',
      product_type: 'Jacket',
      post_created_at: new Date('2026-06-01T12:00:00.000Z'),
    });
    for (let index = 101; index >= 0; index -= 1) {
      await insertLink(h.db, postId, index, { link_status: index % 2 ? 'active' : '404' });
    }
    const answer = await admin('GET', `${BASE}/posts/${postId}/links`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toMatchObject({
      postId,
      postTitle: 'Airport outfit',
      celebrity: 'Hailey Bieber',
      show: '',
      brand: 'Bottega',
      productType: 'Jacket',
      postPlatform: 'wornontv',
      postStatus: 'approved',
      postCreated: '2026-06-01T12:00:00.000Z',
      totalLinks: 102,
    });
    expect(body.links).toHaveLength(100);
    expect(body.links.map((l: { linkIndex: number }) => l.linkIndex)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    expect(body.links[1]).toMatchObject({ linkStatus: 'active', confidence: 95, linkText: 'Link 1' });
  });

  it('answers a post without links with an empty list', async () => {
    const postId = await insertPost(h.db);
    const body = (await admin('GET', `${BASE}/posts/${postId}/links`)).json();
    expect(body).toMatchObject({ postId, totalLinks: 0, links: [] });
  });

  it('answers 404 for an unknown or deleted post and 400 for a malformed id', async () => {
    const deleted = await insertPost(h.db, { deleted: true });
    for (const id of [randomUUID(), deleted]) {
      const answer = await admin('GET', `${BASE}/posts/${id}/links`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('Post not found');
    }
    const bad = await admin('GET', `${BASE}/posts/not-a-uuid/links`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('params.postId must match format "uuid"');
  });
});

describe('authorization on every link-validation route', () => {
  const calls = (): [Method, string, object?][] => [
    ['GET', `${BASE}/results`],
    ['GET', `${BASE}/stats`],
    ['POST', `${BASE}/export`, {}],
    ['PUT', `${BASE}/link-status`, { postId: randomUUID(), linkIndex: 0, newStatus: 'active' }],
    ['GET', `${BASE}/posts/${randomUUID()}/links`],
  ];

  it('answers 401 without a token, with a bad token, and with a revoked token, changing nothing', async () => {
    const postId = await insertPost(h.db);
    await insertLink(h.db, postId, 0, { link_status: '404' });
    const before = await snapshot();
    const adminId = randomUUID();
    const revoked = await h.signer.sign({ sub: adminId, ver: 1 });
    await h.redis.set(`auth:admin-token-version:${adminId}`, '2');
    for (const authorization of [undefined, 'Bearer not.a.token', `Bearer ${revoked}`]) {
      for (const [method, url, payload] of calls()) {
        const body = url.endsWith('link-status') ? { postId, linkIndex: 0, newStatus: 'active' } : payload;
        const answer = await h.app.inject({
          method,
          url,
          payload: body,
          headers: authorization ? { authorization } : {},
        });
        expect(answer.statusCode, `${method} ${url} ${authorization ?? 'no token'}`).toBe(401);
        expect(answer.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 401, not data, to a token whose role is not an admin role', async () => {
    const viewer = await h.signer.sign({ sub: randomUUID(), ver: 1, role: 'viewer' as never });
    for (const [method, url, payload] of calls()) {
      const answer = await h.app.inject({
        method,
        url,
        payload,
        headers: { authorization: `Bearer ${viewer}` },
      });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets a super admin in as well as an admin', async () => {
    const superAdmin = await h.signer.sign({ sub: randomUUID(), ver: 1, role: 'super_admin' });
    const answer = await h.app.inject({
      method: 'GET',
      url: `${BASE}/stats`,
      headers: { authorization: `Bearer ${superAdmin}` },
    });
    expect(answer.statusCode).toBe(200);
  });
});
