import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRecord } from '@celebstyle/contracts';
import { createAppRoutes } from '../src/app/router.tsx';
import { ACCESS_TOKEN_STORAGE_KEY, CONNECTION_PROBE_MS } from '../src/config/constants.ts';
import { testQueryClient, TestProviders } from './providers.tsx';

const me = (role: AdminRecord['role']): AdminRecord => ({
  _id: 'a1',
  username: 'root',
  email: 'root@example.com',
  role,
  isActive: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastLogin: null,
  passwordChangeRequired: false,
});

/** Signed in as an admin of `role`; every call but the profile answers 500 (the screens' own data is not under test). */
function openAt(path: string, role: AdminRecord['role'] = 'super_admin') {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/admin/auth/profile'
        ? Response.json(me(role))
        : Response.json({ message: 'not under test' }, { status: 500 }),
    ),
  );
  const queryClient = testQueryClient();
  const router = createMemoryRouter(createAppRoutes(queryClient), {
    basename: '/admin',
    initialEntries: [path],
  });
  render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const sidebar = () => screen.findByRole('navigation', { name: 'Admin' }, { timeout: 5000 });
const headerTitle = () => screen.getByRole('banner').querySelector('.section-title')?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('admin shell', () => {
  it("lists every section in the spec's order for a super admin, then the Audit Log and Import", async () => {
    openAt('/admin');
    const links = within(await sidebar()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin'],
      ['Posts', '/admin/posts'],
      ['Celebrities', '/admin/celebrities'],
      ['Shows', '/admin/shows'],
      ['Support', '/admin/support'],
      ['Link Validation', '/admin/link-validation'],
      ['URL Settings', '/admin/url-settings'],
      ['Accounts', '/admin/accounts'],
      ['Audit Log', '/admin/audit-log'],
      ['Import', '/admin/import'],
    ]);
    expect(within(await sidebar()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('hides Accounts from an admin who is not a super admin', async () => {
    openAt('/admin', 'admin');
    const nav = await sidebar();
    expect(within(nav).getAllByRole('link')).toHaveLength(9);
    expect(within(nav).queryByRole('link', { name: 'Accounts' })).not.toBeInTheDocument();
  });

  it.each([
    ['/admin/celebrities', 'Celebrity Management', 'Celebrities'],
    ['/admin/shows', 'Shows Management', 'Shows'],
    ['/admin/link-validation', 'Link Validation Results', 'Link Validation'],
  ])('opens %s inside the shell with the title %s', async (path, title, label) => {
    openAt(path);
    expect(
      await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(await sidebar()).getByRole('link', { name: label })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(headerTitle()).toBe(title);
    expect(document.title).toBe(`${title} - CelebStyle Admin`);
  });

  it("shows the open section's title in the header, with the admin, Online and Sign out", async () => {
    const router = openAt('/admin/support');
    await sidebar();
    expect(headerTitle()).toBe('Support Requests');
    const header = screen.getByRole('banner');
    for (const text of ['root', 'root@example.com', 'Super Admin', 'Online']) {
      expect(within(header).getByText(text)).toBeInTheDocument();
    }
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    await router.navigate('/url-settings');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'URL Cleaning Rules' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(headerTitle()).toBe('URL Cleaning Rules');
  });

  it('says Offline while the API cannot be reached, and Online again once the gateway answers', async () => {
    let down = false;
    const probes: string[] = [];
    openAt('/admin/support');
    await sidebar();
    const answer = vi.fn(async (url: string) => {
      if (url === '/healthz') probes.push(url);
      if (down) throw new TypeError('Failed to fetch');
      return url === '/api/admin/auth/profile'
        ? Response.json(me('super_admin'))
        : Response.json({ status: 'ok' }, { status: url === '/healthz' ? 200 : 500 });
    });
    vi.stubGlobal('fetch', answer);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('status')).toHaveTextContent('Online');

    down = true;
    // an answer to a request the screen sent before the network went is still an answer: the
    // browser's 'offline' is told again until those have landed
    await waitFor(
      () => {
        window.dispatchEvent(new Event('offline'));
        expect(within(header).getByRole('status')).toHaveTextContent('Offline');
      },
      { timeout: 5_000 },
    );
    // it keeps asking the gateway's health address, and comes back when that answers
    await waitFor(() => expect(probes.length).toBeGreaterThan(0), { timeout: CONNECTION_PROBE_MS + 2000 });
    expect(within(header).getByRole('status')).toHaveTextContent('Offline');
    down = false;
    await waitFor(() => expect(within(header).getByRole('status')).toHaveTextContent('Online'), {
      timeout: CONNECTION_PROBE_MS + 2000,
    });
  }, 20_000);
});
