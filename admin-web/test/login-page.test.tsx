import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../src/features/auth/components/login-page.tsx';
import { TestProviders } from './providers.tsx';

function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>dashboard</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('admin sign-in', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter both username and password');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('trims the username, stores the tokens and opens the dashboard', async () => {
    const fetchSpy = vi.fn(async () =>
      Response.json({
        accessToken: 'a.b.c',
        refreshToken: 'r1',
        admin: {
          _id: '1',
          username: 'kim',
          email: 'k@x.io',
          role: 'admin',
          isActive: true,
          createdAt: '',
          lastLogin: null,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), '  kim ');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    expect(
      JSON.parse((fetchSpy.mock.calls[0] as unknown as [string, RequestInit])[1].body as string),
    ).toEqual({
      username: 'kim',
      password: 'correct horse',
    });
    expect(localStorage.getItem('adminRefreshToken')).toBe('r1');
  });

  it("shows the server's message when sign-in fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Invalid credentials' }, { status: 401 })),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'kim');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('shows the Account Inactive screen when the account was deactivated', async () => {
    const message = 'Your admin account has been deactivated. Please contact a super admin.';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { statusCode: 403, error: 'Forbidden', message, code: 'ACCOUNT_INACTIVE' },
          { status: 403 },
        ),
      ),
    );
    renderLogin();
    await userEvent.type(screen.getByLabelText('Username'), 'kim');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Account Inactive' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
