import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRecord, AuditEntry } from '@celebstyle/contracts';
import { ACCESS_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import AuditLogPage from '../src/features/audit-log/components/audit-log-page.tsx';
import { TestProviders } from './providers.tsx';
import { chooseOption } from './choose-option.ts';

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

const entry = (n: number): AuditEntry => ({
  _id: `00000000-0000-4000-8000-00000000000${n}`,
  occurredAt: `2026-03-0${n}T10:00:00.000Z`,
  actor: { _id: 'a2', username: 'maria' },
  action: 'post.approve',
  targetType: 'post',
  targetId: `p${n}`,
  targetLabel: `Look ${n}`,
  changes: [{ field: 'status', before: 'pending', after: 'approved' }],
  batchId: null,
  service: 'catalog',
});

/** A fake accounts service: page 1 has entries 3 and 2 and a cursor, page 2 entry 1. */
function serve(role: AdminRecord['role']) {
  const asked: URL[] = [];
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/auth/profile') return Response.json(me(role));
      const parsed = new URL(url, 'http://localhost');
      asked.push(parsed);
      const cursor = parsed.searchParams.get('cursor');
      return Response.json(
        cursor === 'c2'
          ? { entries: [entry(1)], nextCursor: null }
          : { entries: [entry(3), entry(2)], nextCursor: 'c2' },
      );
    }),
  );
  return asked;
}

const renderPage = () =>
  render(
    <MemoryRouter>
      <TestProviders>
        <AuditLogPage />
      </TestProviders>
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Audit Log screen', () => {
  it('lists entries newest first with who, what, the target and the change, and pages by cursor', async () => {
    serve('super_admin');
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log entries, newest first' });
    await within(table).findByText('Look 3');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Approved post',
      'Approved post',
    ]);
    expect(rows[0]!.textContent).toContain('maria');
    expect(rows[0]!.textContent).toMatch(/status: pending → approved/);
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await within(table).findByText('Look 1');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await within(table).findByText('Look 3');
  });

  it('sends the filters it is given, blanks left out, from the first page', async () => {
    const asked = serve('admin');
    renderPage();
    await screen.findByText('Look 3');
    await userEvent.type(screen.getByLabelText('Admin'), 'maria');
    await chooseOption(userEvent.setup(), screen.getByRole('combobox', { name: 'Action' }), 'Rejected post');
    await userEvent.type(screen.getByLabelText('From'), '2026-03-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('action')).toBe('post.reject'));
    const last = asked.at(-1)!;
    expect(Object.fromEntries(last.searchParams)).toEqual({
      actor: 'maria',
      action: 'post.reject',
      from: '2026-03-01',
      limit: '50',
    });
  });

  it('offers Export CSV to super admins only', async () => {
    serve('admin');
    const { unmount } = renderPage();
    await screen.findByText('Look 3');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    unmount();
    serve('super_admin');
    renderPage();
    await screen.findByText('Look 3');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });
});
