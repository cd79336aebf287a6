import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  LinkValidationResult,
  LinkValidationResultsAnswer,
  PostLinkDetails,
} from '@celebstyle/contracts';
import { AppToaster } from '../src/components/toaster.tsx';
import LinkValidationPage from '../src/features/link-validation/components/link-validation-page.tsx';
import { TestProviders } from './providers.tsx';
import { chooseOption } from './choose-option.ts';

const row = (postId: string, title: string, linkIndex: number, over: Partial<LinkValidationResult> = {}) =>
  ({
    postId,
    postTitle: title,
    postImage: null,
    enhancedImage: null,
    postPlatform: 'wornontv',
    postStatus: 'approved',
    postCreated: '2026-11-20T10:00:00.000Z',
    celebrity: 'Zendaya',
    show: 'Euphoria',
    brand: 'Prada',
    productType: 'Dress',
    linkId: `${postId}-${linkIndex}`,
    linkIndex,
    linkStatus: 'active',
    retailer: 'Shop',
    confidence: 95,
    lastChecked: null,
    httpStatus: 200,
    stockStatus: null,
    price: null,
    currency: null,
    responseTime: null,
    validationCount: 1,
    nextCheckDate: null,
    recommendation: null,
    errorMessage: null,
    linkText: 'Shop',
    cleanUrl: null,
    originalUrl: 'https://shop.example/p',
    realUrl: null,
    statusChangedBy: null,
    statusChangedAt: null,
    statusNotes: null,
    ...over,
  }) satisfies LinkValidationResult;

const ANSWER: LinkValidationResultsAnswer = {
  results: [
    row('p1', 'Red Dress', 0, { price: 1299 }),
    row('p1', 'Red Dress', 1, { linkStatus: '404', price: 89.5, currency: 'EUR' }),
    row('p2', 'Blue Coat', 0, { postStatus: 'hidden', linkStatus: 'sold_out' }),
  ],
  pagination: { page: 1, pages: 1, total: 2, hasPrevPage: false, hasNextPage: false },
  filterOptions: {
    retailers: ['Shop'],
    celebrities: ['Zendaya'],
    shows: ['Euphoria'],
    brands: [],
    platforms: [],
    productTypes: [],
  },
};

let resultCalls: URLSearchParams[] = [];
/** Check-now requests (POST …/check) and the time the last one was answered as requested. */
let checkCalls: string[] = [];
let requestedAt: string | null = null;
/** Whether GET …/posts/{id}/links answers a check newer than the request yet. */
let checkDone = false;
/** The catalog's bulk calls: the action and the body sent. */
let bulkCalls: { action: string; body: { postIds: string[]; rejectionReason?: string } }[] = [];

/** What the catalog makes of a post after each bulk action (unhide: the status before it was hidden). */
const BULK_STATUS: Record<string, string> = {
  approve: 'approved',
  reject: 'rejected',
  hide: 'hidden',
  unhide: 'approved',
};
/** The catalog's refusals (services/catalog moderation rules): the reason, or null when it acts. */
function refusal(action: string, status: string): string | null {
  if (action === 'unhide') return status === 'hidden' ? null : 'Post is not hidden';
  return status === BULK_STATUS[action] ? `Post is already ${status}` : null;
}
/** Link status changes sent (PUT …/link-status); after one, the dialog's reload never answers. */
let statusChanges: unknown[] = [];
/** The fake catalog's post statuses; a test may change one behind the screen's back. */
let catalogStatus = new Map<string, string>();

function serve(answer: LinkValidationResultsAnswer = ANSWER) {
  resultCalls = [];
  bulkCalls = [];
  checkCalls = [];
  requestedAt = null;
  checkDone = false;
  statusChanges = [];
  catalogStatus = new Map(answer.results.map((r) => [r.postId, r.postStatus]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, 'http://admin.test');
      const bulk = /^\/api\/admin\/posts\/bulk-(\w+)$/.exec(parsed.pathname)?.[1];
      if (bulk && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as (typeof bulkCalls)[number]['body'];
        bulkCalls.push({ action: bulk, body });
        const results = body.postIds.map((postId) => {
          const before = catalogStatus.get(postId) ?? 'pending';
          const refused = refusal(bulk, before);
          if (!refused) catalogStatus.set(postId, BULK_STATUS[bulk]!);
          return {
            postId,
            outcome: refused ? ('skipped' as const) : ('done' as const),
            status: catalogStatus.get(postId) as LinkValidationResult['postStatus'],
            message: refused,
          };
        });
        const done = results.filter((r) => r.outcome === 'done').length;
        return Response.json({ done, skipped: results.length - done, notFound: 0, results });
      }
      if (parsed.pathname.endsWith('/check') && init.method === 'POST') {
        checkCalls.push(parsed.pathname);
        requestedAt = new Date().toISOString();
        return Response.json({ queued: 2, requestedAt }, { status: 202 });
      }
      if (parsed.pathname.endsWith('/link-status') && init.method === 'PUT') {
        statusChanges.push(JSON.parse(String(init.body)));
        return Response.json({ success: true, message: 'Link status updated' });
      }
      // shopper alerts (newsletter-support): three shoppers wait on each link
      if (parsed.pathname.startsWith('/api/admin/alerts/links/'))
        return Response.json({ success: true, data: { waiting: 3 } });
      const details = /\/posts\/(\w+)\/links$/.exec(parsed.pathname)?.[1];
      // a slow reload: what the dialog shows meanwhile is the screen's own doing
      if (details && statusChanges.length > 0) return new Promise<Response>(() => {});
      if (details) {
        const rows = answer.results.filter((r) => r.postId === details);
        const checked =
          checkDone && requestedAt ? new Date(Date.parse(requestedAt) + 1000).toISOString() : null;
        const { linkId: _linkId, linkIndex: _linkIndex, ...post } = rows[0]!;
        return Response.json({
          ...post,
          totalLinks: rows.length,
          links: rows.map((r) => ({ ...r, lastChecked: checked })),
        } satisfies PostLinkDetails);
      }
      if (parsed.pathname.endsWith('/results')) {
        resultCalls.push(parsed.searchParams);
        return Response.json(answer);
      }
      if (parsed.pathname.endsWith('/stats'))
        return Response.json({
          totalLinks: 3,
          activeLinks: 1,
          activePercentage: 33.3,
          brokenLinks: 1,
          brokenPercentage: 33.3,
          soldOutLinks: 1,
          soldOutPercentage: 33.3,
          unknownLinks: 0,
          unknownPercentage: 0,
        });
      if (parsed.pathname.endsWith('/history'))
        return Response.json({ message: 'Not Found' }, { status: 404 });
      return Response.json({ message: 'unexpected' }, { status: 500 });
    }),
  );
}

function renderPage(search = '', { strict = false } = {}) {
  window.history.replaceState(null, '', `/admin/link-validation${search}`);
  const page = (
    <MemoryRouter initialEntries={[`/link-validation${search}`]}>
      <TestProviders>
        {/* the shell's sidebar entry */}
        <Link to="/link-validation">Link Validation</Link>
        <LinkValidationPage />
        <AppToaster />
      </TestProviders>
    </MemoryRouter>
  );
  // main.tsx renders the console in StrictMode: in development React mounts, unmounts and mounts again
  return render(strict ? <StrictMode>{page}</StrictMode> : page);
}

beforeEach(() => {
  serve();
});
afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

describe('Link Validation page', () => {
  it('loads active links newest first, groups rows by post and explains a missing history route', async () => {
    renderPage();
    expect(screen.getByText('Loading validation results...')).toBeInTheDocument();
    const red = await screen.findByRole('rowheader', { name: /Red Dress/ });
    expect(resultCalls[0]?.get('linkStatus')).toBe('active');
    expect(resultCalls[0]?.get('sortBy')).toBe('postCreated');
    expect(resultCalls[0]?.get('sortOrder')).toBe('desc');
    expect(resultCalls[0]?.get('limit')).toBe('50');
    const redRow = red.closest('tr') as HTMLElement;
    expect(within(redRow).getByText('2 links')).toBeInTheDocument();
    expect(within(redRow).getByText('404 Not Found')).toHaveClass('lv-red');
    expect(await screen.findByText('Link health history is not available yet.')).toBeInTheDocument();
    // one page only: no pagination bar; no filter set: no Clear All Filters
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).not.toBeInTheDocument();
  });

  it('writes a quick filter to the URL without a history entry and reloads after the debounce', async () => {
    renderPage();
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    const before = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: 'Needs Attention' }));
    expect(new URLSearchParams(window.location.search).get('linkStatus')).toBe('404');
    expect(window.history.length).toBe(before);
    await waitFor(() => expect(resultCalls.at(-1)?.get('linkStatus')).toBe('404'));
    expect(screen.getByRole('button', { name: 'Needs Attention' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Needs Attention' }));
    expect(window.location.search).toBe('');
  });

  it('opens the plain view again when the sidebar link is followed from a filtered view', async () => {
    const user = userEvent.setup();
    renderPage('?linkStatus=404&page=2');
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    expect(screen.getByRole('button', { name: 'Needs Attention' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('link', { name: 'Link Validation' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Needs Attention' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(window.location.search).toBe('');
    await waitFor(() => expect(resultCalls.at(-1)?.get('linkStatus')).toBe('active'));
    expect(resultCalls.at(-1)?.get('page')).toBe('1');
  });

  it('opens the view named by the URL', async () => {
    renderPage('?linkStatus=sold_out&sortBy=show&sortOrder=asc&minConfidence=80');
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    const call = resultCalls[0];
    expect(call?.get('linkStatus')).toBe('sold_out');
    expect(call?.get('sortBy')).toBe('show');
    expect(call?.get('sortOrder')).toBe('asc');
    expect(call?.get('minConfidence')).toBe('0.8');
    expect(screen.getByLabelText('Min Confidence')).toHaveValue(80);
    expect(screen.getByRole('button', { name: 'High Confidence' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says a confidence out of 0-100 is refused instead of loading without it', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    const min = screen.getByLabelText('Min Confidence');
    await user.type(min, '150');
    expect(min).toHaveAttribute('aria-invalid', 'true');
    expect(min).toHaveAccessibleDescription('Enter a number from 0 to 100');
    await user.clear(min);
    await user.type(min, '15');
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter a number from 0 to 100')).not.toBeInTheDocument();
    await waitFor(() => expect(resultCalls.at(-1)?.get('minConfidence')).toBe('0.15'));
  });

  it('sorts at once: a new field descending, the same field toggles', async () => {
    renderPage();
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    await userEvent.click(screen.getByRole('button', { name: /^Celebrity/ }));
    await waitFor(() => expect(resultCalls.at(-1)?.get('sortBy')).toBe('celebrity'));
    expect(resultCalls.at(-1)?.get('sortOrder')).toBe('desc');
    await userEvent.click(screen.getByRole('button', { name: /^Celebrity/ }));
    await waitFor(() => expect(resultCalls.at(-1)?.get('sortOrder')).toBe('asc'));
    expect(screen.getByRole('columnheader', { name: /^Celebrity/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('shows the selection bar with only the bulk actions that would change something', async () => {
    renderPage();
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Red Dress' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('1 post(s) selected')).toBeInTheDocument();
    const names = () =>
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(names()).toEqual(['Reject', 'Pending', 'Hide', 'Clear selection']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select All' }));
    expect(within(bar).getByText('2 post(s) selected')).toBeInTheDocument();
    expect(names()).toEqual(['Approve', 'Reject', 'Pending', 'Hide', 'Unhide', 'Clear selection']);
    await userEvent.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
  });

  it('shows the empty text and keeps Export disabled without results', async () => {
    serve({ ...ANSWER, results: [], pagination: { ...ANSWER.pagination, total: 0, pages: 0 } });
    renderPage();
    expect(await screen.findByText('No validation results found matching your filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows the pagination bar when there is more than one page', async () => {
    serve({
      ...ANSWER,
      pagination: { page: 1, pages: 3, total: 120, hasPrevPage: false, hasNextPage: true },
    });
    renderPage();
    expect(await screen.findByText('Showing page 1 of 3 (120 total results)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(resultCalls.at(-1)?.get('page')).toBe('2'));
    expect(new URLSearchParams(window.location.search).get('page')).toBe('2');
  });

  it("sets a post to pending from the row's Status menu: unhide, then reject with the reset reason", async () => {
    const user = userEvent.setup();
    renderPage();
    const blue = await screen.findByRole('rowheader', { name: /Blue Coat/ });
    await user.click(screen.getByRole('button', { name: 'Status of Blue Coat' }));
    // its own status cannot be chosen again
    expect(screen.getByRole('menuitem', { name: 'Hidden' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('menuitem', { name: 'Pending' }));

    expect(
      await screen.findByText('Post has been rejected (reason: Reset to pending) successfully.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Post status updated')).toBeInTheDocument();
    expect(bulkCalls).toEqual([
      { action: 'unhide', body: { postIds: ['p2'] } },
      {
        action: 'reject',
        body: { postIds: ['p2'], rejectionReason: 'Reset to pending from link validation page' },
      },
    ]);
    // the row shows the status the catalog answered, before the link results reload
    expect(within(blue).getByText('rejected')).toBeInTheDocument();
  });

  it('runs a bulk operation on the selection and clears it', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(
      within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Reject' }),
    );
    expect(await screen.findByText('2 post(s) rejected successfully.')).toBeInTheDocument();
    expect(bulkCalls).toEqual([
      {
        action: 'reject',
        body: { postIds: ['p1', 'p2'], rejectionReason: 'Bulk rejected from link validation page' },
      },
    ]);
    expect(screen.queryByRole('region', { name: 'Selection' })).not.toBeInTheDocument();
  });

  it('says the status update failed when the catalog left the post as it was', async () => {
    const user = userEvent.setup();
    renderPage();
    const red = await screen.findByRole('rowheader', { name: /Red Dress/ });
    // another admin rejected it meanwhile: the catalog answers 200 with the post skipped
    catalogStatus.set('p1', 'rejected');
    await user.click(screen.getByRole('button', { name: 'Status of Red Dress' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rejected' }));

    expect(await screen.findByText('Status update failed')).toBeInTheDocument();
    expect(screen.getByText('Post is already rejected')).toBeInTheDocument();
    expect(screen.queryByText('Post status updated')).not.toBeInTheDocument();
    expect(within(red).getByText('rejected')).toBeInTheDocument();
  });

  it('offers no Pending for a rejected post: unhide and reject would both leave it alone', async () => {
    const user = userEvent.setup();
    serve({ ...ANSWER, results: ANSWER.results.map((r) => ({ ...r, postStatus: 'rejected' as const })) });
    renderPage();
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select Red Dress' }));
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Hide', 'Clear selection']);
    await user.click(screen.getByRole('button', { name: 'Status of Red Dress' }));
    expect(screen.getByRole('menuitem', { name: 'Pending' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Approved' })).not.toHaveAttribute('aria-disabled');
  });

  it('reports a bulk operation that changed no post as failed and keeps the selection', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('rowheader', { name: /Red Dress/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select Red Dress' }));
    catalogStatus.set('p1', 'hidden');
    await user.click(
      within(screen.getByRole('region', { name: 'Selection' })).getByRole('button', { name: 'Hide' }),
    );
    expect(await screen.findByText('Bulk operation failed')).toBeInTheDocument();
    expect(screen.getByText('Post is already hidden')).toBeInTheDocument();
    expect(screen.queryByText('Bulk operation completed')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Selection' })).getByText('1 post(s) selected'),
    ).toBeInTheDocument();
  });

  it("shows a link's price with its currency's symbol in the dialog, dollars when none is named", async () => {
    const user = userEvent.setup();
    renderPage();
    const red = (await screen.findByRole('rowheader', { name: /Red Dress/ })).closest('tr') as HTMLElement;
    await user.click(within(red).getByRole('button', { name: 'Links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Validation Details' });
    const first = await within(dialog).findByRole('listitem', { name: 'Link 1' });
    const second = within(dialog).getByRole('listitem', { name: 'Link 2' });
    expect(within(first).getByText('Price').nextElementSibling).toHaveTextContent(/^\$1,299\.00$/);
    expect(within(second).getByText('Price').nextElementSibling).toHaveTextContent(/^€89\.50$/);
    // how many shoppers wait on the link (shopper alerts)
    await waitFor(() =>
      expect(within(first).getByText('Shoppers Waiting').nextElementSibling).toHaveTextContent(/^3$/),
    );
  });

  it('never makes a link clickable whose address is not http(s)', async () => {
    serve({
      ...ANSWER,
      results: [
        row('p1', 'Red Dress', 0, { realUrl: 'javascript:alert(1)' }),
        row('p1', 'Red Dress', 1, { originalUrl: 'data:text/html,<script>alert(1)</script>' }),
        row('p1', 'Red Dress', 2, { originalUrl: ' JavaScript:alert(1)' }),
        row('p1', 'Red Dress', 3),
      ],
    });
    const user = userEvent.setup();
    renderPage();
    const red = (await screen.findByRole('rowheader', { name: /Red Dress/ })).closest('tr') as HTMLElement;
    await user.click(within(red).getByRole('button', { name: 'Links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Validation Details' });
    await within(dialog).findByRole('listitem', { name: 'Link 4' });
    for (const number of [1, 2, 3]) {
      const card = within(dialog).getByRole('listitem', { name: `Link ${number}` });
      expect(within(card).queryByRole('link')).not.toBeInTheDocument();
      expect(within(card).getByText('Not an http(s) address')).toBeInTheDocument();
    }
    const fourth = within(dialog).getByRole('listitem', { name: 'Link 4' });
    expect(within(fourth).getByRole('link', { name: 'Open Link' })).toHaveAttribute(
      'href',
      'https://shop.example/p',
    );
    expect(document.querySelector('[href^="javascript" i], [href^="data" i], [href^=" " i]')).toBeNull();
  });

  it("applies a link's new status in the dialog as soon as the server reports success", async () => {
    const user = userEvent.setup();
    renderPage();
    const red = (await screen.findByRole('rowheader', { name: /Red Dress/ })).closest('tr') as HTMLElement;
    await user.click(within(red).getByRole('button', { name: 'Links' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link Validation Details' });
    const second = await within(dialog).findByRole('listitem', { name: 'Link 2' });
    const status = within(second).getByRole('combobox', { name: 'Status of link 2' });
    expect(status).toHaveTextContent('404 Not Found');

    await chooseOption(user, status, 'Sold Out');

    expect(await screen.findByText('Link Status Updated')).toBeInTheDocument();
    expect(statusChanges).toEqual([{ postId: 'p1', linkIndex: 1, newStatus: 'sold_out' }]);
    expect(within(second).getByText('Status Changed')).toBeInTheDocument();
    expect(within(second).getByRole('combobox', { name: 'Status of link 2' })).toHaveTextContent('Sold Out');
    expect(within(second).getByText('Sold Out', { selector: '.lv-badge' })).toHaveClass('lv-yellow');
  });

  it("checks a post now from its row in StrictMode: 'Checking...' until the new result arrives", async () => {
    const user = userEvent.setup();
    renderPage('', { strict: true });
    const red = (await screen.findByRole('rowheader', { name: /Red Dress/ })).closest('tr') as HTMLElement;
    const more = within(red).getByRole('button', { name: 'More actions for Red Dress' });
    await user.click(more);
    await user.click(screen.getByRole('menuitem', { name: 'Check now' }));
    expect(await within(red).findByRole('status')).toHaveTextContent('Checking...');
    // while it runs it cannot be asked again
    await user.click(more);
    expect(screen.getByRole('menuitem', { name: 'Checking...' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    expect(checkCalls).toEqual(['/api/admin/link-validation/posts/p1/check']);
    const reloads = resultCalls.length;
    checkDone = true;
    expect(await screen.findByText('Check complete', undefined, { timeout: 8_000 })).toBeInTheDocument();
    expect(within(red).queryByRole('status')).not.toBeInTheDocument();
    await user.click(more);
    expect(screen.getByRole('menuitem', { name: 'Check now' })).not.toHaveAttribute('aria-disabled');
    await user.keyboard('{Escape}');
    // the screen reloads the results to show the new verdicts
    await waitFor(() => expect(resultCalls.length).toBeGreaterThan(reloads));
  });
});
