import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportRequest, SupportStats } from '@celebstyle/contracts';
import SupportPage from '../src/features/support/components/support-page.tsx';
import { pageWindow, timeAgo } from '../src/features/support/format.ts';
import { TestProviders } from './providers.tsx';
import { chooseOption } from './choose-option.ts';

type Call = { method: string; url: string; body: unknown };

const HOUR = 3600_000;
const request = (n: number, over: Partial<SupportRequest> = {}): SupportRequest => ({
  _id: `id-${n}`,
  requestId: `SR-20250301-${String(n).padStart(6, '0')}`,
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: 'Style Inquiry',
  category: 'Style Inquiry',
  message: `Where is the jacket from, ${n}?`,
  priority: 'medium',
  status: 'resolved',
  createdAt: new Date(Date.now() - n * HOUR).toISOString(),
  updatedAt: new Date(Date.now() - n * HOUR).toISOString(),
  response: null,
  ...over,
});

const statsOf = (items: SupportRequest[]): SupportStats => ({
  total: items.length,
  unread: items.filter((r) => r.status === 'unread').length,
  inProgress: items.filter((r) => r.status === 'in-progress').length,
  resolved: items.filter((r) => r.status === 'resolved').length,
  archived: items.filter((r) => r.status === 'archived').length,
  urgent: items.filter((r) => r.priority === 'urgent' && ['unread', 'in-progress'].includes(r.status)).length,
});

/** A fake newsletter-support service over `items` (mutated by PUT and respond); every call is recorded. */
function serve(items: SupportRequest[], fail: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      const call = { method, url: input, body };
      calls.push(call);
      const failure = fail(call);
      if (failure) return failure;
      const url = new URL(input, 'http://admin.test');
      const path = url.pathname.replace('/api/admin/support', '');
      if (path === '') {
        const q = url.searchParams;
        const page = Number(q.get('page'));
        const limit = Number(q.get('limit'));
        const matching = items.filter(
          (r) =>
            (!q.get('status') || r.status === q.get('status')) &&
            (!q.get('priority') || r.priority === q.get('priority')),
        );
        return Response.json({
          success: true,
          data: matching.slice((page - 1) * limit, page * limit),
          pagination: { page, limit, total: matching.length, pages: Math.ceil(matching.length / limit) },
          message: 'ok',
        });
      }
      if (path === '/stats') return Response.json({ success: true, data: statsOf(items) });
      const [, id, action] = path.split('/');
      const index = items.findIndex((r) => r._id === id);
      if (index < 0) return Response.json({ message: 'Support request not found' }, { status: 404 });
      if (method === 'PUT') items[index] = { ...items[index]!, ...(body as object) };
      if (action === 'respond')
        items[index] = {
          ...items[index]!,
          response: {
            text: (body as { responseText: string }).responseText,
            sentAt: new Date().toISOString(),
          },
        };
      return Response.json({ success: true, message: 'ok', data: items[index] });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

/** The screen as the app shows it: inside the query client and session providers. */
const renderPage = () =>
  render(
    <TestProviders>
      <SupportPage />
    </TestProviders>,
  );

const rowOf = (name: string) => screen.getByRole('button', { name }).closest('tr')!;
const detail = () => screen.getByRole('complementary', { name: 'Request Details' });
const stat = (label: string) =>
  within(screen.getByLabelText('Support statistics')).getByText(label).nextElementSibling?.textContent;

describe('Support Requests page', () => {
  it('lists requests with e-mail, subject, priority, status and relative date, and the stats', async () => {
    const calls = serve([
      request(1, { priority: 'urgent', status: 'unread', subject: 'Technical Issue' }),
      request(2, { status: 'in-progress', createdAt: new Date(Date.now() - 3 * 24 * HOUR).toISOString() }),
    ]);
    renderPage();
    expect(screen.getByText('Loading support requests...')).toBeInTheDocument();
    const row = (await screen.findByRole('button', { name: 'Visitor 1' })).closest('tr')!;
    expect(within(row).getByText('visitor1@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Technical Issue')).toBeInTheDocument();
    expect(within(row).getByText('Urgent')).toHaveClass('badge', 'priority-urgent');
    expect(within(row).getByText('Unread')).toHaveClass('status-unread');
    expect(within(row).getByText('1 hour ago')).toBeInTheDocument();
    expect(within(rowOf('Visitor 2')).getByText('3 days ago')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Request Details',
      'Status',
      'Date',
    ]);
    expect(stat('Total')).toBe('2');
    expect(stat('Unread')).toBe('1');
    expect(stat('In Progress')).toBe('1');
    expect(stat('Urgent')).toBe('1');
    expect(calls[0]!.url).toBe('/api/admin/support?page=1&limit=10');
    // nothing opened, nothing changed
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
    expect(within(detail()).getByText('Select a request to view its details.')).toBeInTheDocument();
  });

  it('sends status and priority filters but never the search text, which narrows the loaded page', async () => {
    const calls = serve([
      request(1, { priority: 'high', status: 'unread' }),
      request(2, { priority: 'low' }),
    ]);
    renderPage();
    await screen.findByRole('button', { name: 'Visitor 1' });
    const user = userEvent.setup();
    await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'Unread');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Priority' }), 'High');
    await vi.waitFor(() =>
      expect(calls.at(-2)!.url).toBe('/api/admin/support?page=1&limit=10&status=unread&priority=high'),
    );
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Visitor 2' })).toBeNull());

    await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'All Statuses');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Priority' }), 'All Priorities');
    await screen.findByRole('button', { name: 'Visitor 2' });
    const before = calls.length;
    const search = screen.getByPlaceholderText('Search by name, email or ID...');
    await userEvent.type(search, 'VISITOR2@');
    expect(screen.queryByRole('button', { name: 'Visitor 1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Visitor 2' })).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, '000001');
    expect(screen.getByRole('button', { name: 'Visitor 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Visitor 2' })).toBeNull();
    await userEvent.type(search, 'zzz');
    expect(screen.getByText('No support requests found.')).toBeInTheDocument();
    expect(calls.length).toBe(before);
    expect(calls.some((c) => c.url.includes('search'))).toBe(false);
  });

  it('shows the empty state', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No support requests found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows the error state, and Try Again loads the list', async () => {
    let down = true;
    serve([request(1)], (call) =>
      down && !call.url.includes('stats') ? Response.json({ message: 'boom' }, { status: 500 }) : undefined,
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Failed to load support requests\. Please try again\.$/,
    );
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Visitor 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opening an unread request sets it to in-progress and refreshes the list and stats', async () => {
    const calls = serve([request(1, { status: 'unread', priority: 'urgent' }), request(2)]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Visitor 1' }));
    const panel = detail();
    expect(await within(panel).findByText('SR-20250301-000001')).toBeInTheDocument();
    expect(within(panel).getByText('Where is the jacket from, 1?')).toBeInTheDocument();
    expect(within(panel).getByText('visitor1@example.com')).toHaveAttribute(
      'href',
      'mailto:visitor1@example.com',
    );
    await vi.waitFor(() => expect(within(panel).getByRole('button', { name: 'In Progress' })).toBeDisabled());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      { method: 'PUT', url: '/api/admin/support/id-1', body: { status: 'in-progress' } },
    ]);
    // the list and stats were loaded again after the change
    await vi.waitFor(() => expect(within(rowOf('Visitor 1')).getByText('In Progress')).toBeInTheDocument());
    expect(stat('Unread')).toBe('0');
    expect(stat('In Progress')).toBe('1');
    expect(calls.filter((c) => c.url.startsWith('/api/admin/support?'))).toHaveLength(2);

    // a request that is not unread is only read
    await userEvent.click(screen.getByRole('button', { name: 'Visitor 2' }));
    await within(panel).findByText('SR-20250301-000002');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('disables the current status button and changes status with the others', async () => {
    const calls = serve([request(1, { status: 'in-progress' })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Visitor 1' }));
    const group = await within(detail()).findByRole('group', { name: 'Update Status' });
    expect(within(group).getByRole('button', { name: 'In Progress' })).toBeDisabled();
    for (const name of ['Unread', 'Resolved', 'Archived'])
      expect(within(group).getByRole('button', { name })).toBeEnabled();

    await userEvent.click(within(group).getByRole('button', { name: 'Resolved' }));
    await vi.waitFor(() => expect(within(group).getByRole('button', { name: 'Resolved' })).toBeDisabled());
    expect(within(group).getByRole('button', { name: 'In Progress' })).toBeEnabled();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'resolved' });
    await vi.waitFor(() => expect(stat('Resolved')).toBe('1'));
  });

  it('shows the status error text when a change fails', async () => {
    serve([request(1, { status: 'in-progress' })], (call) =>
      call.method === 'PUT' ? Response.json({ message: 'nope' }, { status: 500 }) : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Visitor 1' }));
    await userEvent.click(await within(detail()).findByRole('button', { name: 'Archived' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update status. Please try again.');
  });

  it('shows the details error text when a request cannot be read', async () => {
    serve([request(1)], (call) =>
      call.url.endsWith('/id-1') ? Response.json({ message: 'gone' }, { status: 404 }) : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Visitor 1' }));
    expect(await within(detail()).findByRole('alert')).toHaveTextContent(
      'Failed to load request details. Please try again.',
    );
  });

  it('replaces the response form with the stored response once sent', async () => {
    let respondFails = true;
    const calls = serve([request(1, { status: 'in-progress' })], (call) =>
      call.url.endsWith('/respond') && respondFails
        ? Response.json({ message: 'smtp down' }, { status: 503 })
        : undefined,
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Visitor 1' }));
    const form = await within(detail()).findByRole('form', { name: 'Update notes regarding this request' });
    const send = within(form).getByRole('button', { name: 'Send Response' });
    const text = within(form).getByRole('textbox');
    expect(send).toBeDisabled();
    await userEvent.type(text, '   ');
    expect(send).toBeDisabled();

    await userEvent.type(text, ' It is from Zara. ');
    await userEvent.click(send);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Failed to send response. Please try again.',
    );

    respondFails = false;
    await userEvent.click(send);
    const response = await within(detail()).findByRole('region', { name: 'Response' });
    expect(within(response).getByText('It is from Zara.')).toBeInTheDocument();
    expect(within(detail()).queryByRole('form')).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/respond')).at(-1)).toEqual({
      method: 'POST',
      url: '/api/admin/support/id-1/respond',
      body: { responseText: 'It is from Zara.' },
    });
  });

  it('shows an existing response instead of the form', async () => {
    serve([request(1, { response: { text: 'Already answered', sentAt: '2025-03-02T10:00:00Z' } })]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Visitor 1' }));
    const response = await within(detail()).findByRole('region', { name: 'Response' });
    expect(within(response).getByText('Already answered')).toBeInTheDocument();
    expect(within(detail()).queryByRole('button', { name: 'Send Response' })).toBeNull();
  });

  it('pages with numbered buttons: first, last, neighbours and ellipses', async () => {
    const calls = serve(Array.from({ length: 95 }, (_, i) => request(i + 1))); // 10 pages
    renderPage();
    await screen.findByRole('button', { name: 'Visitor 1' });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const items = () =>
      [...pager.querySelectorAll('.pages > *')]
        .map((el) => el.textContent)
        .filter((t) => t !== 'Previous' && t !== 'Next');
    expect(items()).toEqual(['1', '2', '…', '10']);
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 10' }));
    await screen.findByRole('button', { name: 'Visitor 91' });
    expect(items()).toEqual(['1', '…', '9', '10']);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(within(pager).getByRole('button', { name: 'Page 9' }));
    await screen.findByRole('button', { name: 'Visitor 81' });
    expect(items()).toEqual(['1', '…', '8', '9', '10']);
    await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
    await screen.findByRole('button', { name: 'Visitor 71' });
    // page 8: the single hidden page 9 would be an ellipsis for one number, so it is shown
    expect(items()).toEqual(['1', '…', '7', '8', '9', '10']);
    for (const visitor of ['Visitor 61', 'Visitor 51']) {
      await userEvent.click(within(pager).getByRole('button', { name: 'Previous' }));
      await screen.findByRole('button', { name: visitor });
    }
    expect(items()).toEqual(['1', '…', '5', '6', '7', '…', '10']);
    expect(calls.at(-2)!.url).toBe('/api/admin/support?page=6&limit=10');
  });

  it('coming back to the screen shows the last list and counts at once while they load again', async () => {
    const items = [request(1, { status: 'in-progress' })];
    serve(items);
    const service = globalThis.fetch;
    // while `held` is pending no answer arrives: what shows meanwhile can only come from before
    let held = Promise.resolve();
    let release = () => {};
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await held;
      return service(...args);
    });
    render(
      <MemoryRouter initialEntries={['/support']}>
        <TestProviders>
          <Link to="/">Dashboard</Link>
          <Link to="/support">Support</Link>
          <Routes>
            <Route path="/" element={<h1>Dashboard</h1>} />
            <Route path="/support" element={<SupportPage />} />
          </Routes>
        </TestProviders>
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Visitor 1' });
    await vi.waitFor(() => expect(stat('Total')).toBe('1'));
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });

    items.push(request(2)); // a visitor writes in meanwhile
    held = new Promise((resolve) => (release = resolve));
    await userEvent.click(screen.getByRole('link', { name: 'Support' }));
    expect(screen.getByRole('button', { name: 'Visitor 1' })).toBeInTheDocument();
    expect(stat('Total')).toBe('1');
    expect(screen.queryByText('Loading support requests...')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refreshing...' })).toBeDisabled();

    release();
    expect(await screen.findByRole('button', { name: 'Visitor 2' })).toBeInTheDocument();
    await vi.waitFor(() => expect(stat('Total')).toBe('2'));
  });
});

describe('support formatting', () => {
  it('builds the page window', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    // a gap of a single page shows that page
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('shows relative time', () => {
    const now = Date.parse('2025-03-05T15:07:00Z');
    expect(timeAgo('2025-03-05T15:06:30Z', now)).toBe('less than a minute ago');
    expect(timeAgo('2025-03-05T15:02:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2025-03-05T14:07:00Z', now)).toBe('1 hour ago');
    expect(timeAgo('2025-02-03T15:07:00Z', now)).toBe('1 month ago');
  });
});
