import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminShow } from '@celebstyle/contracts';
import { AppToaster } from '../src/components/toaster.tsx';
import ShowsPage from '../src/features/shows/components/shows-page.tsx';
import { TestProviders } from './providers.tsx';
import { chooseOption } from './choose-option.ts';
import { TVMAZE_POLL_MS, TVMAZE_WAIT_MS } from '../src/config/constants.ts';

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => Response | undefined;

const show = (n: number, over: Partial<AdminShow> = {}): AdminShow => ({
  _id: `s${n}`,
  name: `Show ${n}`,
  slug: `show-${n}`,
  searchTerm: null,
  network: 'Bravo',
  status: 'Running',
  genres: ['Reality'],
  summary: null,
  originalImage: null,
  mediumImage: null,
  postCount: 2,
  premiered: null,
  tvmazeId: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

/**
 * A fake catalog for the show routes: pages of 20, and PUT / DELETE applied to `rows` the way
 * the service applies them; `handler` may answer any call first. Every call is recorded.
 */
function serve(rows: AdminShow[], handler: Handler = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const call = { method, url, body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined };
      calls.push(call);
      const answer = handler(call);
      if (answer) return answer;
      const { pathname, searchParams } = new URL(url, 'http://admin.test');
      if (method === 'GET' && pathname === '/api/admin/shows') {
        const page = Number(searchParams.get('page'));
        const limit = Number(searchParams.get('limit'));
        const totalPages = Math.ceil(rows.length / limit);
        return Response.json({
          shows: rows.slice((page - 1) * limit, page * limit),
          pagination: {
            totalShows: rows.length,
            totalPages,
            currentPage: page,
            limit,
            hasPrevPage: page > 1,
            hasNextPage: page < totalPages,
          },
        });
      }
      const id = /^\/api\/admin\/shows\/([^/]+)$/.exec(pathname)?.[1];
      const index = rows.findIndex((row) => row._id === id);
      if (index >= 0 && method === 'PUT') {
        rows[index] = { ...rows[index]!, ...(call.body as Partial<AdminShow>) };
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

const listCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET').map((c) => c.url);
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

function renderPage() {
  render(
    <TestProviders>
      <ShowsPage />
      <AppToaster />
    </TestProviders>,
  );
}

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Chooses `item` (Refresh from TVmaze, Delete) from the More menu of the show `name`'s row. */
async function chooseFromMenu(user: Pick<typeof userEvent, 'click'>, name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `More actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('Shows Management page', () => {
  it('loads 20 shows a page and pages on', async () => {
    const calls = serve(Array.from({ length: 25 }, (_, i) => show(i + 1)));
    renderPage();
    await screen.findByRole('rowheader', { name: /Show 1\b/ });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    // the list's own total: no separate stats call
    expect(screen.getByText('Total Shows').nextElementSibling).toHaveTextContent('25');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: /Show 21/ })).toBeInTheDocument();
    expect(listCalls(calls)).toEqual([
      '/api/admin/shows?page=1&limit=20',
      '/api/admin/shows?page=2&limit=20',
    ]);
  });

  it('sends only the fields the admin changed, then closes the dialog and reloads the page', async () => {
    const calls = serve([show(1, { name: 'Summer House', genres: ['Reality', 'Drama'] })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Summer House' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Show' });
    await chooseOption(userEvent.setup(), within(dialog).getByRole('combobox', { name: 'Status' }), 'Ended');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([{ method: 'PUT', url: '/api/admin/shows/s1', body: { status: 'Ended' } }]);
    expect(await screen.findByText('Show updated')).toBeInTheDocument();
    expect(await screen.findByText('Ended')).toBeInTheDocument();
  });

  it("shows the server's refusal of a delete in the dialog, which stays open", async () => {
    const refusal = 'Summer House still has 4 posts: reassign or delete them first';
    serve([show(1, { name: 'Summer House' })], (call) =>
      call.method === 'DELETE' ? Response.json({ message: refusal }, { status: 409 }) : undefined,
    );
    renderPage();
    await chooseFromMenu(userEvent, 'Summer House', 'Delete');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Show' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Summer House"? This action cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('alertdialog', { name: 'Delete Show' })).toBeInTheDocument();
  });

  it('goes back a page when the last show of a page is deleted', async () => {
    const calls = serve(Array.from({ length: 21 }, (_, i) => show(i + 1)));
    renderPage();
    await screen.findByRole('rowheader', { name: /Show 1\b/ });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await chooseFromMenu(userEvent, 'Show 21', 'Delete');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('rowheader', { name: /Show 20/ });
    // one page left: no pager
    expect(screen.queryByRole('navigation', { name: 'Shows pages' })).not.toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toBe('/api/admin/shows?page=1&limit=20');
  });

  it('Refresh from TVmaze waits until the show’s updatedAt moves, then shows what the lookup wrote', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rows = [show(1, { name: 'Summer House', network: null })];
    const calls = serve(rows, (call) =>
      call.method === 'POST' && call.url === '/api/admin/shows/s1/refresh-from-tvmaze'
        ? Response.json({ queued: true, showId: 's1' }, { status: 202 })
        : undefined,
    );
    const reads = () => listCalls(calls).length;
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await chooseFromMenu(user, 'Summer House', 'Refresh from TVmaze');
    // the row's menu says so, and offers no second lookup meanwhile
    await user.click(await screen.findByRole('button', { name: 'Refreshing... Summer House' }));
    expect(await screen.findByRole('menuitem', { name: 'Refresh from TVmaze' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');

    // the page is re-read, but the lookup has not landed: still waiting, no toast
    await act(() => vi.advanceTimersByTimeAsync(TVMAZE_POLL_MS));
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('button', { name: 'Refreshing... Summer House' })).toBeInTheDocument();
    expect(screen.queryByText('Show refreshed from TVmaze')).not.toBeInTheDocument();

    // the worker's lookup lands: updatedAt moves, and the next re-read sees it
    rows[0] = { ...rows[0]!, network: 'Bravo', updatedAt: '2026-11-02T00:00:00.000Z' };
    await act(() => vi.advanceTimersByTimeAsync(TVMAZE_POLL_MS));
    expect(await screen.findByText('Show refreshed from TVmaze')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'More actions for Summer House' })).toBeInTheDocument();
    const row = screen.getByRole('rowheader', { name: /Summer House/ }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Bravo')).toBeInTheDocument();
    expect(writes(calls).map((c) => c.url)).toEqual(['/api/admin/shows/s1/refresh-from-tvmaze']);
  });

  it('Refresh from TVmaze says so when no lookup lands in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve([show(1, { name: 'Summer House' })], (call) =>
      call.method === 'POST' ? Response.json({ queued: true, showId: 's1' }, { status: 202 }) : undefined,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await chooseFromMenu(user, 'Summer House', 'Refresh from TVmaze');
    await screen.findByRole('button', { name: 'Refreshing... Summer House' });
    await act(() => vi.advanceTimersByTimeAsync(TVMAZE_WAIT_MS + TVMAZE_POLL_MS));
    expect(await screen.findByText('No answer from TVmaze yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More actions for Summer House' })).toBeInTheDocument();
  });

  it('stops watching a TVmaze lookup when the admin leaves the screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve([show(1, { name: 'Summer House' })], (call) =>
      call.method === 'POST' ? Response.json({ queued: true, showId: 's1' }, { status: 202 }) : undefined,
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { unmount } = render(
      <TestProviders>
        <ShowsPage />
      </TestProviders>,
    );
    await chooseFromMenu(user, 'Summer House', 'Refresh from TVmaze');
    await screen.findByRole('button', { name: 'Refreshing... Summer House' });
    unmount();
    const readsWhenLeft = listCalls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(TVMAZE_WAIT_MS + TVMAZE_POLL_MS));
    expect(listCalls(calls)).toHaveLength(readsWhenLeft);
  });
});
