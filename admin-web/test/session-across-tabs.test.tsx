import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/components/login-page.tsx';
import { RequireAdmin } from '../src/features/auth/components/require-admin.tsx';
import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import { adminRequest } from '../src/lib/api-client.ts';
import { TestProviders } from './providers.tsx';
import { adminRecord } from './admin-record.ts';

const admin = adminRecord();

function Screen() {
  const { pathname, search } = useLocation();
  return <p>screen {`${pathname}${search}`}</p>;
}

/** The sign-in page and one guarded screen that shows the URL it was opened at. */
function openAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        path: '*',
        element: (
          <RequireAdmin>
            <Screen />
          </RequireAdmin>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

/** The accounts API as far as these screens use it: sign-in, the profile, a refresh that fails. */
function stubAccounts() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const auth = new Headers(init.headers).get('authorization');
      if (url === '/api/admin/auth/login')
        return Response.json({ accessToken: 'access-1', refreshToken: 'refresh-1', admin });
      if (url === '/api/admin/auth/refresh') return Response.json({ message: 'ended' }, { status: 401 });
      return auth === 'Bearer access-1' ? Response.json(admin) : Response.json({}, { status: 401 });
    }),
  );
}

/** What the browser tells this tab when another tab of the same origin changes local storage. */
function otherTabSets(key: string, oldValue: string | null, newValue: string | null) {
  if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
  });
}

const signIn = async () => {
  await userEvent.type(await screen.findByLabelText('Username'), 'kim');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
};

afterEach(() => vi.unstubAllGlobals());

describe('the admin session', () => {
  it('returns to the full URL asked for, query included, after sign-in', async () => {
    stubAccounts();
    const router = openAt('/posts?status=pending&page=2#top');
    await signIn();
    expect(await screen.findByText('screen /posts?status=pending&page=2')).toBeInTheDocument();
    expect(router.state.location.hash).toBe('#top');
  });

  it('is signed out when another tab signs out, and comes back to the same URL after sign-in', async () => {
    stubAccounts();
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-1');
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
    openAt('/link-validation?linkStatus=broken');
    await screen.findByText('screen /link-validation?linkStatus=broken');

    otherTabSets(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1', null);
    otherTabSets(ACCESS_TOKEN_STORAGE_KEY, 'access-1', null);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();

    await signIn();
    expect(await screen.findByText('screen /link-validation?linkStatus=broken')).toBeInTheDocument();
  });

  it('is signed in when another tab signs in, and opens the page that was asked for', async () => {
    stubAccounts();
    openAt('/shows?search=doc');
    await screen.findByRole('button', { name: 'Sign in' });

    otherTabSets(REFRESH_TOKEN_STORAGE_KEY, null, 'refresh-1');
    otherTabSets(ACCESS_TOKEN_STORAGE_KEY, null, 'access-1');
    expect(await screen.findByText('screen /shows?search=doc')).toBeInTheDocument();
  });

  it('ignores a refresh in another tab (one token replaced by the next)', async () => {
    stubAccounts();
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-1');
    openAt('/posts');
    await screen.findByText('screen /posts');
    otherTabSets(ACCESS_TOKEN_STORAGE_KEY, 'access-0', 'access-1');
    expect(screen.getByText('screen /posts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('goes to sign-in keeping the URL when the session is lost, without reloading the page', async () => {
    stubAccounts();
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-1');
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
    const router = openAt('/support?status=open');
    await screen.findByText('screen /support?status=open');

    // the access token is refused and the refresh fails: the session is over
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-expired');
    await act(() => expect(adminRequest('/admin/support/stats')).rejects.toThrow());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await signIn();
    expect(await screen.findByText('screen /support?status=open')).toBeInTheDocument();
  });

  it('opened while the gateway does not answer: sign-in in this tab, the tokens kept, and signed in at the next load', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'access-1');
    localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'refresh-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Service unavailable' }, { status: 503 })),
    );
    openAt('/posts?status=pending');
    expect(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 })).toBeInTheDocument();
    // clearing them would have signed out every other tab of the console
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-1');
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('refresh-1');

    cleanup();
    stubAccounts();
    openAt('/posts?status=pending');
    expect(await screen.findByText('screen /posts?status=pending')).toBeInTheDocument();
  }, 20_000);
});
