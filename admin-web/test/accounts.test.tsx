import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRecord } from '@celebstyle/contracts';
import { ACCESS_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import { RequireAdmin } from '../src/features/auth/components/require-admin.tsx';
import AccountsPage from '../src/features/accounts/components/accounts-page.tsx';
import DashboardPage from '../src/features/dashboard/components/dashboard-page.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';
import { SessionProvider } from '../src/lib/session.tsx';
import { TestProviders } from './providers.tsx';
import { chooseOption } from './choose-option.ts';

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => Response | undefined;

const admin = (n: number, over: Partial<AdminRecord> = {}): AdminRecord => ({
  _id: `a${n}`,
  username: `user${n}`,
  email: `user${n}@example.com`,
  role: 'admin',
  isActive: true,
  createdAt: `2026-01-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  lastLogin: '2026-02-01T09:30:00.000Z',
  passwordChangeRequired: false,
  ...over,
});

const ME = admin(1, { username: 'root', email: 'root@example.com', role: 'super_admin' });

/**
 * A fake accounts service: the profile is ME, the list pages and searches `admins` as the real one
 * does (username or e-mail, case-insensitive); `handler` may answer any call first. Every call is recorded.
 */
function serve(admins: AdminRecord[], handler: Handler = () => undefined) {
  const calls: Call[] = [];
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      const call = { method, url, body };
      if (url === '/api/admin/auth/profile') return Response.json(ME);
      calls.push(call);
      const answer = handler(call);
      if (answer) return answer;
      const parsed = new URL(url, 'http://localhost');
      if (method === 'GET' && parsed.pathname === '/api/admin/accounts') {
        const page = Number(parsed.searchParams.get('page'));
        const limit = Number(parsed.searchParams.get('limit'));
        const term = (parsed.searchParams.get('search') ?? '').toLowerCase();
        const found = admins.filter((a) => `${a.username} ${a.email}`.toLowerCase().includes(term));
        const totalPages = Math.ceil(found.length / limit);
        return Response.json({
          admins: found.slice((page - 1) * limit, page * limit),
          pagination: {
            totalAdmins: found.length,
            totalPages,
            currentPage: page,
            limit,
            hasNextPage: page < totalPages,
            hasPrevPage: page > 1,
          },
        });
      }
      return Response.json({ message: 'unexpected' }, { status: 500 });
    }),
  );
  return calls;
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);

function renderPage() {
  render(
    <MemoryRouter>
      <TestProviders>
        <RequireAdmin superAdmin>
          <AccountsPage />
        </RequireAdmin>
      </TestProviders>
    </MemoryRouter>,
  );
}

const rowOf = async (username: string) =>
  (await screen.findByText(username, { selector: '.accounts-username' })).closest('tr')!;

afterEach(() => vi.unstubAllGlobals());

/** Opens the row's More menu and finds its item `name` (Reset Password, Deactivate, Activate, Delete). */
async function menuItem(row: HTMLElement, name: string) {
  await userEvent.click(within(row).getByRole('button', { name: /^More actions for / }));
  return screen.findByRole('menuitem', { name });
}
/** Chooses the item `name` of the row's More menu. */
async function choose(row: HTMLElement, name: string) {
  await userEvent.click(await menuItem(row, name));
}
const closeMenu = () => userEvent.keyboard('{Escape}');

describe('Admin Accounts page', () => {
  it('lists admins with (You), role badges, status, Never and the total', async () => {
    const calls = serve([
      ME,
      admin(2, { lastLogin: null }),
      admin(3, { isActive: false, role: 'super_admin' }),
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Admin Accounts', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Manage admin users and permissions')).toBeInTheDocument();
    const me = await rowOf('root');
    expect(screen.getByRole('heading', { name: 'Admin Accounts (3)' })).toBeInTheDocument();
    expect(lists(calls)).toEqual(['/api/admin/accounts?page=1&limit=10']);

    expect(within(me).getByText('(You)')).toBeInTheDocument();
    expect(within(me).getByText('root@example.com')).toBeInTheDocument();
    expect(within(me).getByText('Super Admin')).toBeInTheDocument();
    expect(within(me).getByText('Active')).toBeInTheDocument();
    // §5: the current admin cannot deactivate themselves
    expect(await menuItem(me, 'Deactivate')).toHaveAttribute('aria-disabled', 'true');
    await closeMenu();

    const user2 = await rowOf('user2');
    expect(within(user2).queryByText('(You)')).toBeNull();
    expect(within(user2).getByText('Admin')).toBeInTheDocument();
    expect(within(user2).getByText('Never')).toBeInTheDocument();
    expect(await menuItem(user2, 'Deactivate')).not.toHaveAttribute('aria-disabled');
    await closeMenu();
    expect(within(user2).getByText('Jan 2, 2026').closest('time')).toHaveAttribute(
      'datetime',
      '2026-01-02T10:00:00.000Z',
    );

    const user3 = await rowOf('user3');
    expect(within(user3).getByText('Inactive')).toBeInTheDocument();
    expect(within(user3).getByText('Super Admin')).toBeInTheDocument();
    expect(await menuItem(user3, 'Activate')).not.toHaveAttribute('aria-disabled');
    await closeMenu();
    expect(within(user3).queryByText('Never')).toBeNull();
  });

  it('sends the search term, offers Clear, and Clear resets the list', async () => {
    const calls = serve([ME, admin(2), admin(3, { username: 'editor1', email: 'ed@example.com' })]);
    renderPage();
    await rowOf('root');
    const search = screen.getByRole('searchbox', { name: 'Search admins' });
    expect(search).toHaveAttribute('placeholder', 'Search by username or email...');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();

    await userEvent.type(search, '  EDIT {Enter}');
    await vi.waitFor(() => expect(screen.queryByText('root')).toBeNull());
    expect(lists(calls).at(-1)).toBe('/api/admin/accounts?page=1&limit=10&search=EDIT');
    expect(screen.getByRole('heading', { name: 'Admin Accounts (1)' })).toBeInTheDocument();
    expect(await rowOf('editor1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await rowOf('root')).toBeInTheDocument();
    expect(search).toHaveValue('');
    expect(lists(calls).at(-1)).toBe('/api/admin/accounts?page=1&limit=10');
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();

    await userEvent.type(search, 'nobody{Enter}');
    expect(await screen.findByText('No admins match your search.')).toBeInTheDocument();
  });

  it('checks the create form, sends username, email, password and role, and shows a 409 message', async () => {
    let conflict = false;
    const calls = serve([ME], (call) => {
      if (call.method !== 'POST') return undefined;
      if (conflict)
        return Response.json(
          { statusCode: 409, error: 'Conflict', message: 'Username already exists', code: 'USERNAME_TAKEN' },
          { status: 409 },
        );
      const body = call.body as AdminRecord;
      return Response.json(
        {
          message: 'Admin account created',
          admin: { ...admin(9), username: body.username, email: body.email, role: body.role },
        },
        { status: 201 },
      );
    });
    renderPage();
    await rowOf('root');
    await userEvent.click(screen.getByRole('button', { name: 'Add New Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Admin' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('Admin');
    const create = within(dialog).getByRole('button', { name: 'Create Admin' });

    await userEvent.click(create);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Username is required');
    await userEvent.type(within(dialog).getByLabelText('Username'), ' editor1 ');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await userEvent.click(create);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'editor1@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'short');
    await userEvent.click(create);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );
    await userEvent.type(within(dialog).getByLabelText('Password'), '-enough');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'different');
    await userEvent.click(create);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Passwords do not match');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText('Confirm Password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'short-enough');
    await chooseOption(
      userEvent.setup(),
      within(dialog).getByRole('combobox', { name: 'Role' }),
      'Super Admin',
    );
    conflict = true;
    await userEvent.click(create);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Username already exists$/);
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([
      [
        '/api/admin/accounts',
        { username: 'editor1', email: 'editor1@example.com', password: 'short-enough', role: 'super_admin' },
      ],
    ]);

    conflict = false;
    await userEvent.click(create);
    expect(await screen.findByRole('status')).toHaveTextContent('Admin account created: editor1');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lists(calls)).toHaveLength(2); // the list was read again
  });

  it('asks before deleting, and refuses to delete your own account', async () => {
    const calls = serve([ME, admin(2)], (call) =>
      call.method === 'DELETE' ? Response.json({ message: 'Admin account deleted' }) : undefined,
    );
    renderPage();

    await choose(await rowOf('root'), 'Delete');
    expect(screen.getByRole('alert')).toHaveTextContent('You cannot delete your own account');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    const user2 = await rowOf('user2');
    const moreButton = within(user2).getByRole('button', { name: 'More actions for user2' });
    await choose(user2, 'Delete');
    let ask = await screen.findByRole('alertdialog', { name: 'Delete Admin' });
    expect(ask).toHaveAccessibleDescription(
      'Are you sure you want to delete the admin account for user2? This action cannot be undone.',
    );
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(moreButton).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await choose(user2, 'Delete');
    ask = await screen.findByRole('alertdialog', { name: 'Delete Admin' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Admin account deleted: user2');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/admin/accounts/a2']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("asks before deactivating and shows the server's refusal", async () => {
    let refuse = false;
    const calls = serve([ME, admin(2)], (call) => {
      if (call.method !== 'PUT') return undefined;
      if (refuse)
        return Response.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'The last active super admin cannot be demoted, deactivated or deleted',
          },
          { status: 409 },
        );
      return Response.json({ message: 'Admin account deactivated', admin: admin(2, { isActive: false }) });
    });
    /** Checks the question, then answers it with Deactivate. */
    const confirmDeactivate = async () => {
      const ask = await screen.findByRole('alertdialog', { name: 'Deactivate Admin' });
      expect(ask).toHaveAccessibleDescription(
        'Are you sure you want to deactivate the admin account for user2?',
      );
      await userEvent.click(within(ask).getByRole('button', { name: 'Deactivate' }));
    };
    renderPage();
    const user2 = await rowOf('user2');

    refuse = true;
    await choose(user2, 'Deactivate');
    await confirmDeactivate();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The last active super admin cannot be demoted, deactivated or deleted',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();

    refuse = false;
    await choose(user2, 'Deactivate');
    await confirmDeactivate();
    expect(await within(user2).findByText('Inactive')).toBeInTheDocument();
    expect(await menuItem(user2, 'Activate')).not.toHaveAttribute('aria-disabled');
    await closeMenu();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/api/admin/accounts/a2/deactivate',
      '/api/admin/accounts/a2/deactivate',
    ]);
  });

  it('pages with Previous and Next and says which admins are shown', async () => {
    const admins = [ME, ...Array.from({ length: 11 }, (_, i) => admin(i + 2))];
    const calls = serve(admins);
    renderPage();
    expect(await screen.findByText('Showing 1 to 10 of 12 admins')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin Accounts (12)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11 to 12 of 12 admins')).toBeInTheDocument();
    expect(lists(calls).at(-1)).toBe('/api/admin/accounts?page=2&limit=10');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(await rowOf('user12')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1 to 10 of 12 admins')).toBeInTheDocument();
  });

  it('resets a password with newPassword once both entries match', async () => {
    const calls = serve([ME, admin(2)], (call) =>
      call.method === 'PUT' ? Response.json({ message: 'Password reset' }) : undefined,
    );
    renderPage();
    await choose(await rowOf('user2'), 'Reset Password');
    const dialog = screen.getByRole('dialog', { name: 'Reset Password' });
    const submit = within(dialog).getByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('New Password'), 'abc');
    await userEvent.type(within(dialog).getByLabelText('Confirm New Password'), 'abd');
    expect(submit).toBeDisabled();
    expect(within(dialog).getByText('Passwords do not match')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Confirm New Password'));
    await userEvent.type(within(dialog).getByLabelText('Confirm New Password'), 'abc');
    await userEvent.click(submit);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long',
    );

    await userEvent.type(within(dialog).getByLabelText('New Password'), 'defghi');
    await userEvent.type(within(dialog).getByLabelText('Confirm New Password'), 'defghi');
    await userEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset: user2');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/admin/accounts/a2/reset-password', { newPassword: 'abcdefghi' }],
    ]);
  });

  it('edits an admin; your own role cannot be changed', async () => {
    const calls = serve([ME, admin(2)], (call) =>
      call.method === 'PUT'
        ? Response.json({
            message: 'Admin account updated',
            admin: { ...admin(2), ...(call.body as object) },
          })
        : undefined,
    );
    renderPage();
    await userEvent.click(within(await rowOf('root')).getByRole('button', { name: 'Edit' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Admin' });
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByText('You cannot change your own role')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(await rowOf('user2')).getByRole('button', { name: 'Edit' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Admin' });
    expect(within(dialog).getByLabelText('Username')).toHaveValue('user2');
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Admin' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Email is required');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@example.com');
    await chooseOption(
      userEvent.setup(),
      within(dialog).getByRole('combobox', { name: 'Role' }),
      'Super Admin',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Admin' }));
    const row = await rowOf('user2');
    expect(await within(row).findByText('new@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Super Admin')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/admin/accounts/a2',
      body: { username: 'user2', email: 'new@example.com', role: 'super_admin', isActive: true },
    });
  });

  it('shows the load banner when the list cannot be read', async () => {
    serve([], () => Response.json({ message: 'boom' }, { status: 500 }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load admin accounts$/);
    // a failed load is not an empty list
    expect(screen.queryByText('No admin accounts found.')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading admin accounts...')).not.toBeInTheDocument();
  });

  it('the Dashboard counts an admin created here at once, not the figure it read before', async () => {
    const stored = [ME];
    serve(stored, (call) => {
      if (call.url === '/api/admin/accounts/stats')
        return Response.json({ total: stored.length, active: stored.length, recentLogins: 1 });
      if (call.url === '/api/admin/posts/stats')
        return Response.json({
          total: 0,
          byStatus: { pending: 0, approved: 0, rejected: 0, hidden: 0 },
          today: 0,
          byPlatform: { bigblondehair: 0, wornontv: 0 },
        });
      if (call.method !== 'POST') return undefined;
      const body = call.body as AdminRecord;
      const created = { ...admin(9), username: body.username, email: body.email };
      stored.push(created);
      return Response.json({ message: 'Admin account created', admin: created }, { status: 201 });
    });
    // the app's own query client: answers stay fresh for 30 s, so only an invalidation reloads them
    render(
      <QueryClientProvider client={createQueryClient()}>
        <SessionProvider>
          <MemoryRouter>
            <Link to="/">Back to Dashboard</Link>
            <Routes>
              <Route path="/" element={<DashboardPage />} />
              <Route path="/accounts" element={<AccountsPage />} />
            </Routes>
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    const totalAdmins = async () =>
      (await screen.findByText('Total Admins')).closest('.stat')!.querySelector('dd')!;
    expect(await totalAdmins()).toHaveTextContent('1');

    await userEvent.click(screen.getByRole('link', { name: 'Manage Accounts' }));
    await rowOf('root');
    await userEvent.click(screen.getByRole('button', { name: 'Add New Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Create New Admin' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
    fill('Username', 'editor1');
    fill('Email', 'editor1@example.com');
    fill('Password', 'long-enough');
    fill('Confirm Password', 'long-enough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Admin' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Admin account created: editor1');

    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await vi.waitFor(async () => expect(await totalAdmins()).toHaveTextContent('2'));
  });
});
