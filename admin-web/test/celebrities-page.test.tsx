import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCelebrity } from '@celebstyle/contracts';
import { AppToaster } from '../src/components/toaster.tsx';
import CelebritiesPage from '../src/features/celebrities/components/celebrities-page.tsx';
import { TestProviders } from './providers.tsx';

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => Response | undefined;

const celebrity = (n: number, over: Partial<AdminCelebrity> = {}): AdminCelebrity => ({
  _id: `c${n}`,
  name: `Celebrity ${n}`,
  slug: `celebrity-${n}`,
  description: 'Written by the system.',
  profileImage: null,
  shows: ['Summer House'],
  mainShow: 'Summer House',
  network: 'Bravo',
  location: 'New York',
  totalLooks: 3,
  descriptionGenerated: true,
  lastUpdated: '2026-11-01T00:00:00.000Z',
  ...over,
});

/**
 * A fake catalog for the celebrity routes: lists, stats, and PUT / DELETE applied to `rows` the way the
 * service applies them; `handler` may answer any call first. Every call is recorded.
 */
function serve(rows: AdminCelebrity[], handler: Handler = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const call = { method, url, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
      calls.push(call);
      const answer = handler(call);
      if (answer) return answer;
      const { pathname } = new URL(url, 'http://admin.test');
      if (method === 'GET' && pathname === '/api/admin/celebrities/stats')
        return Response.json({
          totalCelebrities: rows.length,
          descriptionsGenerated: 0,
          totalLooks: 9,
          networks: 1,
        });
      if (method === 'GET' && pathname === '/api/admin/celebrities')
        return Response.json({
          celebrities: rows,
          pagination: {
            totalCelebrities: rows.length,
            totalPages: 1,
            currentPage: 1,
            limit: 500,
            hasPrevPage: false,
            hasNextPage: false,
          },
        });
      const id = /^\/api\/admin\/celebrities\/([^/]+)$/.exec(pathname)?.[1];
      const index = rows.findIndex((row) => row._id === id);
      if (index >= 0 && method === 'PUT') {
        rows[index] = { ...rows[index]!, ...(call.body as Partial<AdminCelebrity>) };
        return Response.json(rows[index]);
      }
      if (index >= 0 && method === 'DELETE') {
        rows.splice(index, 1);
        return Response.json({ deleted: true });
      }
      return Response.json({ message: 'unexpected' }, { status: 500 });
    }),
  );
  return calls;
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && !c.url.includes('/stats'));
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderPage() {
  render(
    <TestProviders>
      <CelebritiesPage />
      <AppToaster />
    </TestProviders>,
  );
}

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

describe('Celebrity Management page', () => {
  it('loads the whole list in one call of 500 and searches it on the screen', async () => {
    const calls = serve([
      celebrity(1, { name: 'Kyle Richards' }),
      celebrity(2, { name: 'Lala Kent', network: 'Peacock' }),
    ]);
    renderPage();
    await screen.findByRole('rowheader', { name: /Kyle Richards/ });
    expect(listCalls(calls).map((c) => c.url)).toEqual(['/api/admin/celebrities?page=1&limit=500']);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search celebrities' }), 'peacock');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 2 celebrities');
    expect(screen.queryByRole('rowheader', { name: /Kyle Richards/ })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Lala Kent/ })).toBeInTheDocument();
    // searching is on the screen: no new call
    expect(listCalls(calls)).toHaveLength(1);
  });

  it('sends only the fields the admin changed, then closes the dialog and reloads the list', async () => {
    const calls = serve([celebrity(1, { name: 'Kyle Richards' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Kyle Richards' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Celebrity' });
    expect(within(dialog).getByText('Written by the system. Your edit replaces it.')).toBeInTheDocument();
    const location = within(dialog).getByRole('textbox', { name: 'Location' });
    await userEvent.clear(location);
    await userEvent.type(location, 'Malibu');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the description the system wrote is not sent back, so it keeps its AI flag
    expect(writes(calls)).toEqual([
      { method: 'PUT', url: '/api/admin/celebrities/c1', body: { location: 'Malibu' } },
    ]);
    expect(await screen.findByText('Celebrity updated')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await screen.findByText('Malibu')).toBeInTheDocument();
  });

  it('closes an unchanged form without a call, and refuses a blank name before any call', async () => {
    const calls = serve([celebrity(1, { name: 'Kyle Richards' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Kyle Richards' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Kyle Richards' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Edit Celebrity' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('keeps the dialog open with the fallback text when the save fails on the server', async () => {
    serve([celebrity(1, { name: 'Kyle Richards' })], (call) =>
      call.method === 'PUT' ? Response.json({ message: 'database down' }, { status: 500 }) : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Kyle Richards' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Network' }), ' TV');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update celebrity');
    expect(screen.getByRole('dialog', { name: 'Edit Celebrity' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a delete in the dialog, which stays open", async () => {
    const refusal = 'Kyle Richards still has 12 posts: reassign or delete them first';
    const calls = serve([celebrity(1, { name: 'Kyle Richards' })], (call) =>
      call.method === 'DELETE' ? Response.json({ message: refusal }, { status: 409 }) : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Kyle Richards' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Celebrity' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete Kyle Richards? This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('alertdialog', { name: 'Delete Celebrity' })).toBeInTheDocument();
    expect(writes(calls)).toEqual([{ method: 'DELETE', url: '/api/admin/celebrities/c1', body: undefined }]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Kyle Richards/ })).toBeInTheDocument();
  });

  it('deletes after the question and takes the row off the list', async () => {
    serve([celebrity(1, { name: 'Kyle Richards' }), celebrity(2, { name: 'Lala Kent' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Kyle Richards' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Celebrity deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: /Kyle Richards/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('rowheader', { name: /Lala Kent/ })).toBeInTheDocument();
  });
});
