import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminRecord } from '@celebstyle/contracts';
import { createAppRoutes } from '../src/app/router.tsx';
import { AppToaster } from '../src/components/toaster.tsx';
import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import { testQueryClient, TestProviders } from './providers.tsx';

const me = (passwordChangeRequired: boolean): AdminRecord => ({
  _id: 'a1',
  username: 'veteran',
  email: 'veteran@example.com',
  role: 'admin',
  isActive: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastLogin: null,
  passwordChangeRequired,
});

let puts: unknown[] = [];

/** Signed in; the profile says whether the password must change; PUT …/password answers `answer`. */
function openAt(path: string, weak: boolean, answer?: () => Response) {
  puts = [];
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'old-access');
  localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, 'old-refresh');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/admin/auth/profile') return Response.json(me(weak));
      if (url === '/api/admin/auth/password' && init.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return answer?.() ?? Response.json({ message: 'not under test' }, { status: 500 });
      }
      return Response.json({ message: 'not under test' }, { status: 500 });
    }),
  );
  const queryClient = testQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), {
    basename: '/admin',
    initialEntries: [path],
  });
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
      <AppToaster />
    </TestProviders>,
  );
  return router;
}

const page = () => screen.findByRole('heading', { level: 1, name: 'Change Password' }, { timeout: 5000 });
const where = (router: ReturnType<typeof openAt>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

describe('an admin whose password is too easy to guess', () => {
  it('is asked to change it, may choose Not Now and goes on to the page asked for, query included', async () => {
    const user = userEvent.setup();
    const router = openAt('/admin/posts?status=approved&page=2', true);
    await page();
    expect(screen.getByText(/Your password is too easy to guess/)).toBeInTheDocument();
    expect(where(router)).toBe('/admin/change-password');

    await user.click(screen.getByRole('button', { name: 'Not Now' }));
    expect(where(router)).toBe('/admin/posts?status=approved&page=2');
    // Not asked again in this sign-in.
    await act(() => router.navigate('/support'));
    expect(where(router)).toBe('/admin/support');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Change Password' })).not.toBeInTheDocument(),
    );
  });

  it('changes it: the new session is stored and the page asked for opens', async () => {
    const user = userEvent.setup();
    const router = openAt('/admin/support', true, () =>
      Response.json({
        message: 'Password changed',
        accessToken: 'new-access',
        refreshToken: 'new-refresh',
        expiresIn: 900,
        admin: me(false),
      }),
    );
    await page();
    const submit = screen.getByRole('button', { name: 'Change Password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Current Password'), 'password');
    await user.type(screen.getByLabelText('New Password'), 'linen jacket in july');
    await user.type(screen.getByLabelText('Confirm New Password'), 'linen jacket in jul');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm New Password'), 'y');
    await user.click(submit);

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(puts).toEqual([
      {
        currentPassword: 'password',
        newPassword: 'linen jacket in july',
        confirmPassword: 'linen jacket in july',
      },
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('new-access');
    expect(localStorage.getItem(REFRESH_TOKEN_STORAGE_KEY)).toBe('new-refresh');
    expect(where(router)).toBe('/admin/support');
  });

  it("shows the spec's length message, and the server's reason for a weak password", async () => {
    const user = userEvent.setup();
    openAt('/admin', true, () =>
      Response.json(
        {
          statusCode: 400,
          code: 'WEAK_PASSWORD',
          error: 'Bad Request',
          message: 'Password is too common. Please choose a less common password.',
        },
        { status: 400 },
      ),
    );
    await page();
    await user.type(screen.getByLabelText('Current Password'), 'password');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must be at least 8 characters long');
    expect(puts).toEqual([]);

    await user.clear(screen.getByLabelText('New Password'));
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('New Password'), 'sunshine');
    await user.type(screen.getByLabelText('Confirm New Password'), 'sunshine');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Password is too common. Please choose a less common password.',
    );
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('old-access');
  });
});

describe('an admin whose password passes the rules', () => {
  it('is not sent to the password page, and can open it from the header', async () => {
    const user = userEvent.setup();
    const router = openAt('/admin/support', false);
    const link = await screen.findByRole('link', { name: 'Change password' }, { timeout: 5000 });
    expect(where(router)).toBe('/admin/support');
    await user.click(link);
    await page();
    expect(screen.queryByText(/too easy to guess/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(where(router)).toBe('/admin');
  });
});
