import { tokenVersionKey } from '@celebstyle/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPosts } from './helpers/post-fixtures.ts';
import {
  startAdminTestCatalog,
  startTestCatalog,
  type AdminTestCatalog,
  type TestCatalog,
} from './helpers/app.ts';

let t: AdminTestCatalog;
let noKeys: TestCatalog;
let postId: string;
let celebrityId: string;
let showId: string;

beforeAll(async () => {
  t = await startAdminTestCatalog('admin_routes_auth');
  noKeys = await startTestCatalog('admin_routes_auth_no_keys');
  postId = (await addPosts(t.db, [{ status: 'pending' }]))[0]!;
  celebrityId = (
    await t.db
      .insertInto('celebrities')
      .values({ name: 'Ann', slug: 'ann' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  showId = (
    await t.db
      .insertInto('shows')
      .values({ name: 'Show', slug: 'show' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t?.close();
  await noKeys?.close();
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
interface AdminRoute {
  method: Method;
  url: () => string;
  /** A valid body (for the 401 checks: the guard answers before the body is read). */
  body?: () => object;
  /** A request the route must refuse with 400 (none for routes that take no input at all). */
  bad: { url?: string; body?: object } | null;
}

const id = () => postId;
const ROUTES: AdminRoute[] = [
  { method: 'GET', url: () => '/api/admin/posts', bad: { url: '/api/admin/posts?limit=0' } },
  { method: 'GET', url: () => '/api/admin/posts/stats', bad: null },
  { method: 'GET', url: () => `/api/admin/posts/${id()}`, bad: { url: '/api/admin/posts/not-a-uuid' } },
  {
    method: 'PUT',
    url: () => `/api/admin/posts/${id()}`,
    body: () => ({ title: 'x' }),
    bad: { body: { celebrity: ' ' } },
  },
  { method: 'DELETE', url: () => `/api/admin/posts/${id()}`, bad: { url: '/api/admin/posts/1' } },
  ...(['approve', 'hide', 'unhide'] as const).map((action) => ({
    method: 'PUT' as const,
    url: () => `/api/admin/posts/${id()}/${action}`,
    bad: { url: `/api/admin/posts/x/${action}` },
  })),
  {
    method: 'PUT',
    url: () => `/api/admin/posts/${id()}/reject`,
    body: () => ({ rejectionReason: 'r' }),
    bad: { body: { rejectionReason: ' ' } },
  },
  ...(['approve', 'delete', 'hide', 'unhide'] as const).map((action) => ({
    method: 'POST' as const,
    url: () => `/api/admin/posts/bulk-${action}`,
    body: () => ({ postIds: [id()] }),
    bad: { body: { postIds: [] } },
  })),
  {
    method: 'POST',
    url: () => '/api/admin/posts/bulk-reject',
    body: () => ({ postIds: [id()], rejectionReason: 'r' }),
    bad: { body: { postIds: [id()], rejectionReason: '' } },
  },
  ...['celebrities', 'shows', 'brands', 'product-types', 'platforms'].map((list) => ({
    method: 'GET' as const,
    url: () => `/api/admin/posts/filters/${list}`,
    bad: null,
  })),
  { method: 'GET', url: () => '/api/admin/celebrities', bad: { url: '/api/admin/celebrities?limit=501' } },
  { method: 'GET', url: () => '/api/admin/celebrities/stats', bad: null },
  {
    method: 'PUT',
    url: () => `/api/admin/celebrities/${celebrityId}`,
    body: () => ({ location: 'LA' }),
    bad: { body: { name: ' ' } },
  },
  {
    method: 'DELETE',
    url: () => `/api/admin/celebrities/${crypto.randomUUID()}`,
    bad: { url: '/api/admin/celebrities/x' },
  },
  { method: 'GET', url: () => '/api/admin/shows', bad: { url: '/api/admin/shows?page=abc' } },
  { method: 'GET', url: () => '/api/admin/shows/stats', bad: null },
  {
    method: 'PUT',
    url: () => `/api/admin/shows/${showId}`,
    body: () => ({ network: 'HBO' }),
    bad: { body: { status: 'Cancelled' } },
  },
  {
    method: 'DELETE',
    url: () => `/api/admin/shows/${crypto.randomUUID()}`,
    bad: { url: '/api/admin/shows/x' },
  },
  {
    method: 'POST',
    url: () => '/api/admin/posts/import',
    body: () => [{ url: 'https://wornontv.net/1/' }],
    bad: { body: { posts: [] } },
  },
  {
    method: 'GET',
    url: () => `/api/admin/posts/${id()}/share-content`,
    bad: { url: '/api/admin/posts/nope/share-content' },
  },
  {
    method: 'POST',
    url: () => '/api/admin/posts/bulk-share-content',
    body: () => ({ postIds: [id()] }),
    bad: { body: { postIds: 'all' } },
  },
  {
    method: 'POST',
    url: () => `/api/admin/posts/${id()}/publish-to-social`,
    body: () => ({ caption: 'x', platforms: ['instagram'] }),
    bad: { body: { caption: ' ', platforms: ['instagram'] } },
  },
  { method: 'GET', url: () => '/api/admin/posts/late-dev/status', bad: null },
  {
    method: 'POST',
    url: () => `/api/admin/shows/${showId}/refresh-from-tvmaze`,
    bad: { url: '/api/admin/shows/x/refresh-from-tvmaze' },
  },
];

const withBad = ROUTES.filter((r) => r.bad !== null);

describe('every catalog admin route (admin.md §6: authenticated, active admins)', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.url()}`, r] as const))(
    '%s answers 401 without a valid token',
    async (_, route) => {
      for (const token of [null, 'not-a-token']) {
        const res = await t.admin(route.method, route.url(), route.body?.(), token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
      }
    },
  );

  it.each(ROUTES.map((r) => [`${r.method} ${r.url()}`, r] as const))(
    '%s answers 401 once the admin was deactivated (token version raised)',
    async (_, route) => {
      const adminId = crypto.randomUUID();
      const stale = await t.signer.sign({ sub: adminId, ver: 1 });
      await t.redis.set(tokenVersionKey(adminId), '2');
      const res = await t.admin(route.method, route.url(), route.body?.(), stale);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
    },
  );

  it.each(withBad.map((r) => [`${r.method} ${r.url()}`, r] as const))(
    '%s answers 400 to a bad request',
    async (_, route) => {
      const res = await t.admin(
        route.method,
        route.bad!.url ?? route.url(),
        route.bad!.body ?? route.body?.(),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(res.json().message).not.toMatch(/at .*\.ts/);
    },
  );

  it.each(ROUTES.map((r) => [`${r.method} ${r.url()}`, r] as const))(
    '%s answers 503 when the service has no public keys to check tokens with',
    async (_, route) => {
      const res = await noKeys.app.inject({
        method: route.method,
        url: route.url(),
        headers: { authorization: `Bearer ${t.token}` },
        ...(route.body ? { payload: route.body() } : {}),
      });
      expect(res.statusCode).toBe(503);
    },
  );

  it('answers 200, never 403, to an admin without the super admin role: only Accounts needs that role', async () => {
    const res = await t.admin('GET', '/api/admin/posts');
    expect(res.statusCode).toBe(200);
  });
});
