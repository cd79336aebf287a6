import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRecord, AdminStats } from '@celebstyle/contracts';
import { ACCESS_TOKEN_STORAGE_KEY } from '../src/config/constants.ts';
import { RequireAdmin } from '../src/features/auth/components/require-admin.tsx';
import type { PostStats } from '../src/features/dashboard/api/dashboard-api.ts';
import Dashboard from '../src/features/dashboard/components/dashboard-page.tsx';
import { TestProviders } from './providers.tsx';

const POST_STATS: PostStats = {
  total: 1234,
  byStatus: { pending: 17, approved: 1200, rejected: 9, hidden: 8 },
  today: 5,
  byPlatform: { bigblondehair: 734, wornontv: 500 },
};
const ADMIN_STATS: AdminStats = { total: 6, active: 4, recentLogins: 3 };

const POSTS_URL = '/api/admin/posts/stats';
const ACCOUNTS_URL = '/api/admin/accounts/stats';
const LINK_STATS_URL = '/api/admin/link-validation/stats';
const TREND_URL = '/api/admin/link-validation/history?days=30';
const BACKLOG_URL = '/api/admin/link-validation/backlog';
const ATTENTION_URL = '/api/admin/posts/link-attention?limit=5';
const SUPPORT_URL = '/api/admin/support/stats';

const TILE_ANSWERS: Record<string, unknown> = {
  [LINK_STATS_URL]: {
    totalLinks: 1200,
    activeLinks: 1000,
    activePercentage: 83.3,
    brokenLinks: 120,
    brokenPercentage: 10,
    soldOutLinks: 60,
    soldOutPercentage: 5,
    unknownLinks: 20,
    unknownPercentage: 1.7,
  },
  [TREND_URL]: {
    days: [
      { date: '2026-10-28', active: 80, broken: 20, soldOut: 0, unknown: 0, total: 100 },
      { date: '2026-11-26', active: 90, broken: 5, soldOut: 5, unknown: 0, total: 100 },
    ],
  },
  [BACKLOG_URL]: {
    dueLinks: 340,
    queuedLinks: 300,
    oldestDueAt: '2026-11-26T08:00:00.000Z',
    lastSweepAt: '2026-11-26T09:15:00.000Z',
    lastCheckAt: '2026-11-26T09:16:00.000Z',
  },
  [ATTENTION_URL]: {
    posts: [
      {
        _id: '00000000-0000-4000-8000-000000000001',
        title: 'Red Gown',
        celebrity: 'Zendaya',
        show: 'Euphoria',
        viewCount: 1500,
        totalLinks: 3,
        brokenLinks: 2,
        soldOutLinks: 1,
      },
    ],
  },
  [SUPPORT_URL]: {
    success: true,
    data: { total: 20, unread: 4, inProgress: 3, resolved: 10, archived: 3, urgent: 2 },
  },
};
const ALERTS_URL = '/api/admin/alerts/stats';
const ALERT_STATS = { active: 12, confirmed: 30, sentLast7Days: 1500, unsubscribed: 4 };

const me = (role: AdminRecord['role']): AdminRecord => ({
  _id: 'a1',
  username: 'root',
  email: 'root@example.com',
  role,
  isActive: true,
  createdAt: '2026-01-01T10:00:00.000Z',
  lastLogin: '2026-02-01T09:30:00.000Z',
  passwordChangeRequired: false,
});

/** The profile is an admin of `role`; the URLs in `fail` answer 500. Every other call is recorded. */
function serve(role: AdminRecord['role'], fail: string[] = []) {
  const calls: string[] = [];
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/admin/auth/profile') return Response.json(me(role));
      calls.push(url);
      if (fail.includes(url)) return Response.json({ message: 'boom' }, { status: 500 });
      if (url === POSTS_URL) return Response.json(POST_STATS);
      if (url === ACCOUNTS_URL) return Response.json(ADMIN_STATS);
      if (url in TILE_ANSWERS) return Response.json(TILE_ANSWERS[url]);
      if (url === ALERTS_URL) return Response.json({ success: true, data: ALERT_STATS });
      return Response.json({ message: 'unexpected' }, { status: 500 });
    }),
  );
  return calls;
}

function renderPage() {
  render(
    <MemoryRouter basename="/admin" initialEntries={['/admin']}>
      <TestProviders>
        <RequireAdmin>
          <Dashboard />
        </RequireAdmin>
      </TestProviders>
    </MemoryRouter>,
  );
}

const group = (name: string) => screen.findByRole('region', { name });
/** The number on the card labelled `label` inside `region`. */
const value = (region: HTMLElement, label: string) =>
  within(region).getByText(label, { selector: 'dt, dt > a' }).closest('dt')?.nextElementSibling?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe('Dashboard', () => {
  it('shows a super admin the post and admin statistics and the Manage Accounts link', async () => {
    const calls = serve('super_admin');
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading statistics...')).toHaveLength(3);

    const posts = await group('Post Statistics');
    expect(await within(posts).findByText('Total Posts')).toBeInTheDocument();
    expect(value(posts, 'Total Posts')).toBe('1,234');
    expect(value(posts, 'Pending')).toBe('17');
    expect(value(posts, 'Approved')).toBe('1,200');
    expect(value(posts, 'Today')).toBe('5');
    expect(value(posts, 'bigblondehair')).toBe('734');
    expect(value(posts, 'wornontv')).toBe('500');
    // admin.md §2: the cards lead to the posts list, filtered by status or platform
    const href = (name: string) => within(posts).getByRole('link', { name }).getAttribute('href');
    expect(href('Total Posts')).toBe('/admin/posts');
    expect(href('Pending')).toBe('/admin/posts?status=pending');
    expect(href('Approved')).toBe('/admin/posts?status=approved');
    expect(href('bigblondehair')).toBe('/admin/posts?platform=bigblondehair');
    expect(href('wornontv')).toBe('/admin/posts?platform=wornontv');
    expect(within(posts).queryByRole('link', { name: 'Today' })).not.toBeInTheDocument();

    const admins = await group('Admin Statistics');
    expect(await within(admins).findByText('Total Admins')).toBeInTheDocument();
    expect(value(admins, 'Total Admins')).toBe('6');
    expect(value(admins, 'Active Admins')).toBe('4');
    expect(value(admins, 'Recent Logins')).toBe('3');
    expect(within(admins).getByText('Last 7 days')).toBeInTheDocument();

    // links are relative to the /admin basename
    expect(screen.getByRole('link', { name: 'Manage Accounts' })).toHaveAttribute('href', '/admin/accounts');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/admin/support');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.filter((url) => url === POSTS_URL || url === ACCOUNTS_URL).sort()).toEqual([
      ACCOUNTS_URL,
      POSTS_URL,
    ]);
  });

  it('shows an admin the post statistics only and never asks for the admin statistics', async () => {
    const calls = serve('admin');
    renderPage();
    const posts = await group('Post Statistics');
    expect(await within(posts).findByText('Total Posts')).toBeInTheDocument();
    expect(value(posts, 'Total Posts')).toBe('1,234');
    expect(value(posts, 'wornontv')).toBe('500');

    expect(screen.queryByRole('region', { name: 'Admin Statistics' })).not.toBeInTheDocument();
    expect(screen.queryByText('Total Admins')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage Accounts' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/admin/support');
    expect(calls).not.toContain(ACCOUNTS_URL);
  });

  it('shows the shopper alerts: active, confirmed, sent in the last 7 days, unsubscribed', async () => {
    serve('admin');
    renderPage();
    const alerts = await group('Shopper Alerts');
    expect(await within(alerts).findByText('Active Alerts')).toBeInTheDocument();
    expect(value(alerts, 'Active Alerts')).toBe('12');
    expect(value(alerts, 'Confirmed')).toBe('30');
    expect(value(alerts, 'Sent')).toBe('1,500');
    expect(within(alerts).getByText('Last 7 days')).toBeInTheDocument();
    expect(value(alerts, 'Unsubscribed')).toBe('4');
  });

  it('shows the error for failed post statistics while the admin statistics still show', async () => {
    serve('super_admin', [POSTS_URL]);
    renderPage();
    const posts = await group('Post Statistics');
    expect(await within(posts).findByRole('alert')).toHaveTextContent('Failed to load dashboard data');
    expect(within(posts).queryByText('Total Posts')).not.toBeInTheDocument();

    const admins = await group('Admin Statistics');
    expect(await within(admins).findByText('Total Admins')).toBeInTheDocument();
    expect(value(admins, 'Active Admins')).toBe('4');
    expect(value(admins, 'Recent Logins')).toBe('3');
    expect(within(admins).queryByRole('alert')).not.toBeInTheDocument();
    // the Pending Review tile reads the same statistics: it says so too, the other tiles show
    expect(within(await group('Pending Review')).getByRole('alert')).toHaveTextContent(
      'Failed to load dashboard data',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Manage Accounts' })).toBeInTheDocument();
  });

  it("shows tiles worth opening, each linking to its filtered screen, in the admin's own date format", async () => {
    serve('admin');
    renderPage();
    const review = await group('Pending Review');
    expect(await within(review).findByText('17')).toBeInTheDocument();
    expect(review).toHaveTextContent('17 posts waiting');
    expect(within(review).getByRole('link', { name: 'Review posts' })).toHaveAttribute(
      'href',
      '/admin/posts?status=pending',
    );

    const health = await group('Link Health');
    expect(await within(health).findByText('83.3%')).toBeInTheDocument();
    expect(value(health, 'Broken')).toBe('10%');
    expect(value(health, 'Sold out')).toBe('5%');
    expect(
      await within(health).findByText('Active 80% on 2026-10-28, 90% on 2026-11-26'),
    ).toBeInTheDocument();
    expect(within(health).getByRole('link', { name: 'Broken links' }).getAttribute('href')).toBe(
      '/admin/link-validation?linkStatus=404,invalid,server_error,redirect_error,access_denied,product_removed',
    );

    const attention = await group('Links Needing Attention');
    const post = await within(attention).findByRole('link', { name: 'Red Gown' });
    expect(post).toHaveAttribute('href', '/admin/posts?id=00000000-0000-4000-8000-000000000001');
    expect(attention).toHaveTextContent('2 broken, 1 sold out of 3 links · 1,500 views');

    const checks = await group('Link Checks');
    expect(await within(checks).findByText('340')).toBeInTheDocument();
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    expect(value(checks, 'Last sweep')).toBe(when.format(new Date('2026-11-26T09:15:00.000Z')));
    expect(value(checks, 'In the check queue')).toBe('300');

    const support = await group('Support Requests Waiting');
    expect(await within(support).findByText('7')).toBeInTheDocument();
    expect(value(support, 'Urgent')).toBe('2');
    expect(within(support).getByRole('link', { name: 'Support requests' })).toHaveAttribute(
      'href',
      '/admin/support',
    );
  });
});
