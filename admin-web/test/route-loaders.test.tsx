import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRecord } from '@celebstyle/contracts';
import { createAppRoutes } from '../src/app/router.tsx';
import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import { adminPost, listCalls, serveCatalog, type Call } from './posts-fake-catalog.tsx';
import { testQueryClient, TestProviders } from './providers.tsx';

const admin = (role: AdminRecord['role']): AdminRecord => ({
  _id: 'a1',
  username: 'kim',
  email: 'kim@example.com',
  role,
  isActive: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastLogin: null,
  passwordChangeRequired: false,
});

const FILTERED = '/posts?status=approved&platform=wornontv';

/** The whole console (its routes and loaders) at `path` under /admin. */
function openConsole(path: string) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), {
    basename: '/admin',
    initialEntries: [`/admin${path}`],
  });
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const signedIn = () => {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-1');
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
};
const callsTo = (calls: Call[], prefix: string) => calls.filter((call) => call.url.startsWith(prefix));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('route loaders', () => {
  it('send nothing before the profile check answers, then the screen asks for its page once', async () => {
    // the route module already loaded, so only the session can hold the loader back
    await import('../src/app/routes/posts.tsx');
    signedIn();
    let answerProfile: (admin: AdminRecord) => void = () => {};
    const profile = new Promise<AdminRecord>((resolve) => (answerProfile = resolve));
    const catalog = serveCatalog(
      [adminPost({ status: 'approved', title: 'Approved on wornontv' }), adminPost({ status: 'pending' })],
      {
        override: async ({ url }) =>
          url === '/api/admin/auth/profile' ? Response.json(await profile) : undefined,
      },
    );
    openConsole(FILTERED);

    await vi.waitFor(() => expect(callsTo(catalog.calls, '/api/admin/auth/profile')).toHaveLength(1));
    // the wait is the behaviour under test: nothing else is sent while the session is unknown
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(catalog.calls.map((call) => call.url)).toEqual(['/api/admin/auth/profile']);

    answerProfile(admin('admin'));
    expect(await screen.findByText('Approved on wornontv', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(listCalls(catalog)).toEqual([
      expect.objectContaining({ status: 'approved', platform: 'wornontv' }),
    ]);
    expect(callsTo(catalog.calls, '/api/admin/posts/filters/celebrities')).toHaveLength(1);
  });

  it('lead to sign-in with the whole address kept when the first read meets a 401 the refresh cannot cure', async () => {
    signedIn();
    let sessionEnded = false;
    const catalog = serveCatalog([adminPost({ status: 'approved', title: 'Approved on wornontv' })], {
      override: ({ url }) => {
        if (url === '/api/admin/auth/profile') return Response.json(admin('admin'));
        if (url === '/api/admin/auth/refresh') {
          sessionEnded = true;
          return Response.json({ message: 'ended' }, { status: 401 });
        }
        if (url === '/api/admin/auth/login')
          return Response.json({ accessToken: 'access-2', refreshToken: 'refresh-2', admin: admin('admin') });
        return sessionEnded ? undefined : Response.json({ message: 'expired' }, { status: 401 });
      },
    });
    const router = openConsole(FILTERED);

    await userEvent.type(await screen.findByLabelText('Username', {}, { timeout: 5000 }), 'kim');
    expect(callsTo(catalog.calls, '/api/admin/auth/refresh')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Approved on wornontv', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/admin${FILTERED}`);
  });

  it("ask nothing for a super admin's screen when the admin signed in is not one", async () => {
    signedIn();
    const catalog = serveCatalog([], {
      override: ({ url }) =>
        url === '/api/admin/auth/profile'
          ? Response.json(admin('admin'))
          : Response.json({ message: 'not under test' }, { status: 500 }),
    });
    openConsole('/accounts');

    expect(
      await screen.findByRole('heading', { name: 'Access Denied' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(catalog.calls.map((call) => call.url)).toEqual(['/api/admin/auth/profile']);
  });
});

/** Empty answers of the screens' first reads, enough for each screen to show. */
function emptyAnswer(url: string): Response | undefined {
  const { pathname } = new URL(url, 'http://admin.test');
  const pagination = { totalPages: 0, currentPage: 1, limit: 20, hasPrevPage: false, hasNextPage: false };
  switch (pathname) {
    case '/api/admin/shows':
      return Response.json({ shows: [], pagination: { ...pagination, totalShows: 0 } });
    case '/api/admin/celebrities':
      return Response.json({ celebrities: [], pagination: { ...pagination, totalCelebrities: 0 } });
    case '/api/admin/celebrities/stats':
      return Response.json({ totalCelebrities: 0, descriptionsGenerated: 0, totalLooks: 0, networks: 0 });
    case '/api/admin/support':
      return Response.json({
        success: true,
        data: [],
        pagination: { page: 1, limit: 20, total: 0, pages: 0 },
        message: 'ok',
      });
    case '/api/admin/support/stats':
      return Response.json({
        success: true,
        data: { total: 0, unread: 0, inProgress: 0, resolved: 0, archived: 0, urgent: 0 },
      });
    case '/api/admin/url-cleaning-rules':
      return Response.json({ rules: [] });
    default:
      return undefined;
  }
}

describe('the loaders of the other screens', () => {
  it.each([
    ['/shows', 'Shows Management', ['/api/admin/shows']],
    ['/celebrities', 'Celebrity Management', ['/api/admin/celebrities', '/api/admin/celebrities/stats']],
    ['/support', 'Support Requests', ['/api/admin/support', '/api/admin/support/stats']],
    ['/url-settings', 'URL Cleaning Rules', ['/api/admin/url-cleaning-rules']],
  ])(
    '%s: its first reads wait for the session, and the screen joins them instead of asking again',
    async (path, heading, reads) => {
      signedIn();
      let answerProfile: (admin: AdminRecord) => void = () => {};
      const profile = new Promise<AdminRecord>((resolve) => (answerProfile = resolve));
      const catalog = serveCatalog([], {
        override: async ({ url }) =>
          url === '/api/admin/auth/profile' ? Response.json(await profile) : emptyAnswer(url),
      });
      openConsole(path);

      await vi.waitFor(() => expect(callsTo(catalog.calls, '/api/admin/auth/profile')).toHaveLength(1));
      // the wait is the behaviour under test: nothing else is sent while the session is unknown
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(catalog.calls.map((call) => call.url)).toEqual(['/api/admin/auth/profile']);

      answerProfile(admin('admin'));
      await screen.findByRole('heading', { name: heading }, { timeout: 5000 });
      for (const read of reads)
        await vi.waitFor(() =>
          expect(
            catalog.calls.filter((call) => new URL(call.url, 'http://admin.test').pathname === read),
          ).toHaveLength(1),
        );
      // the screen has settled on what the loader started: no second call of any read
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const read of reads)
        expect(
          catalog.calls.filter((call) => new URL(call.url, 'http://admin.test').pathname === read),
          read,
        ).toHaveLength(1);
    },
  );
});
