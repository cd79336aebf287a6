import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bulkActionsOf } from '../src/features/posts/components/bulk-toolbar.tsx';
import { rowActionsOf } from '../src/features/posts/components/posts-table.tsx';
import { readListParams } from '../src/features/posts/url-state.ts';
import { adminPost, listCalls, openPosts, serveCatalog, chooseRowAction } from './posts-fake-catalog.tsx';
import { chooseOption } from './choose-option.ts';

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

// a modal dialog hides the rest of the page from the accessibility tree: read the address directly
const address = () => document.querySelector('output[aria-label="address"]')?.textContent;
const table = () => screen.findByRole('table', { name: /^Posts \(/ });
const rowOf = (title: string) => screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr')!;
/** A row's actions as shown: its one button, then the items of its More menu. */
async function actionsOf(title: string) {
  const group = within(rowOf(title)).getByRole('group', { name: `Actions for ${title}` });
  const [shown, more] = within(group).getAllByRole('button');
  expect(more).toHaveAccessibleName(`More actions for ${title}`);
  await userEvent.click(more!);
  const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
  await userEvent.keyboard('{Escape}');
  return [shown!.textContent, ...items];
}

describe('Post Management list', () => {
  it('loads pending posts by default with the skeleton first, and shows each post as the spec says', async () => {
    const catalog = serveCatalog([
      adminPost({ title: 'Red Dress', enhancedImage: 'https://img.test/enhanced.jpg' }),
      adminPost({ title: '', mainImage: null, platform: 'bigblondehair' }),
      adminPost({ title: 'Approved Coat', status: 'approved' }),
    ]);
    openPosts();
    expect(screen.getByText('Loading posts...')).toBeInTheDocument();
    expect(await table()).toHaveAccessibleName('Posts (2)');
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
    expect(listCalls(catalog)[0]).toEqual({
      status: 'pending',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: '1',
      limit: '20',
    });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      '',
      'Post',
      'Status',
      'Platform',
      'Date',
      'Actions',
    ]);
    const red = rowOf('Red Dress');
    // the enhanced image wins over the main one
    expect(red.querySelector('img')).toHaveAttribute('src', 'https://img.test/enhanced.jpg');
    expect(within(red).getByText('Kyle Richards • The Real Housewives of Beverly Hills')).toBeInTheDocument();
    expect(within(red).getByText('pending')).toHaveClass('badge', 'post-status-pending');
    expect(within(red).getByText('wornontv')).toHaveClass('post-platform-wornontv');
    expect(within(red).getByText('Mar 1, 2026')).toBeInTheDocument();
    const untitled = rowOf('Untitled Post');
    expect(untitled.querySelector('img')).toBeNull();
    expect(within(untitled).getByText('No image')).toBeInTheDocument();
    expect(within(untitled).getByText('bigblondehair')).toBeInTheDocument();
    // a thumbnail that fails to load gives way to the placeholder
    fireEvent.error(red.querySelector('img')!);
    expect(within(rowOf('Red Dress')).getByText('No image')).toBeInTheDocument();
    // one page: no pagination
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('offers the row actions each status allows', () => {
    expect(rowActionsOf('pending')).toEqual(['view', 'edit', 'approve', 'reject', 'hide', 'delete']);
    expect(rowActionsOf('approved')).toEqual(['view', 'edit', 'hide', 'share', 'delete']);
    expect(rowActionsOf('rejected')).toEqual(['view', 'edit', 'hide', 'delete']);
    expect(rowActionsOf('hidden')).toEqual(['view', 'edit', 'unhide', 'delete']);
  });

  it('shows one action as a button on each row (Approve while pending, else Edit) and the rest in a menu', async () => {
    serveCatalog([adminPost({ title: 'Hidden Bag', status: 'hidden' })]);
    openPosts('/admin/posts?status=hidden');
    await table();
    expect(await actionsOf('Hidden Bag')).toEqual(['Edit', 'View', 'Unhide', 'Delete']);
  });

  it('shows Approve as the button of a pending post', async () => {
    serveCatalog([adminPost({ title: 'New Bag', status: 'pending' })]);
    openPosts('/admin/posts');
    await table();
    expect(await actionsOf('New Bag')).toEqual(['Approve', 'View', 'Edit', 'Reject', 'Hide', 'Delete']);
  });

  it('opens a filtered, paged link as it says, and pages through the address', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog(
      Array.from({ length: 45 }, (_, i) => adminPost({ title: `Approved ${i + 1}`, status: 'approved' })),
    );
    openPosts('/admin/posts?status=approved&page=2&limit=10');
    expect(await table()).toHaveAccessibleName('Posts (45)');
    expect(listCalls(catalog).at(-1)).toMatchObject({ status: 'approved', page: '2', limit: '10' });
    expect(screen.getByText('Showing 11 to 20 of 45 posts')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Showing 21 to 30 of 45 posts');
    expect(address()).toBe('/posts?status=approved&page=3&limit=10');
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 2 of 5');
    expect(address()).toBe('/posts?status=approved&page=2&limit=10');
  });

  it('puts each filter in the address and goes back to page 1; the search applies on Enter; Clear Filters', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog(
      Array.from({ length: 6 }, (_, i) =>
        adminPost({ title: `Look ${i + 1}`, celebrity: i % 2 ? 'Lisa Rinna' : 'Kyle Richards' }),
      ),
    );
    openPosts('/admin/posts?page=2&limit=5');
    await screen.findByText('Page 2 of 2');

    await chooseOption(user, screen.getByRole('combobox', { name: 'Celebrity' }), 'Lisa Rinna');
    await waitFor(() => expect(address()).toBe('/posts?limit=5&celebrity=Lisa+Rinna'));
    expect(await table()).toHaveAccessibleName('Posts (3)');

    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(box);
    fireEvent.change(box, { target: { value: 'Look 4' } });
    expect(address()).not.toContain('search=');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(address()).toContain('search=Look+4'));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAccessibleName('Posts (1)'));
    expect(listCalls(catalog).at(-1)).toMatchObject({ search: 'Look 4', celebrity: 'Lisa Rinna' });

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(address()).toBe('/posts?limit=5'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Default Status');
    expect(screen.getByRole('combobox', { name: 'Celebrity' })).toHaveTextContent('All Celebrities');
    expect(listCalls(catalog).at(-1)).toEqual({
      status: 'pending',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: '1',
      limit: '5',
    });
  });

  it('reads the route parameters with their defaults and ignores values it does not know', () => {
    expect(readListParams(new URLSearchParams(''))).toEqual({
      status: 'pending',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: 1,
      limit: 20,
    });
    expect(readListParams(new URLSearchParams('id=abc')).status).toBe('approved');
    expect(readListParams(new URLSearchParams('id=abc&status=hidden')).status).toBe('hidden');
    expect(
      readListParams(
        new URLSearchParams(
          'status=nope&platform=tiktok&page=-2&limit=5000&sortBy=drop&sortOrder=up&brand=Zara&show=%20',
        ),
      ),
    ).toEqual({
      status: 'pending',
      sortBy: 'createdAt',
      sortOrder: 'desc',
      page: 1,
      limit: 20,
      brand: 'Zara',
    });
    expect(
      readListParams(new URLSearchParams('platform=wornontv&sortBy=title&sortOrder=asc&page=3')),
    ).toMatchObject({
      platform: 'wornontv',
      sortBy: 'title',
      sortOrder: 'asc',
      page: 3,
    });
  });

  it('shows a load failure in a banner that can be dismissed', async () => {
    const user = userEvent.setup();
    serveCatalog([], {
      override: (call) =>
        call.url.startsWith('/api/admin/posts?')
          ? Response.json({ message: 'catalog is down' }, { status: 503 })
          : undefined,
    });
    openPosts();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Failed to load posts: catalog is down');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByText(/Failed to load posts/)).not.toBeInTheDocument();
  });
});

describe('Post moderation', () => {
  it('approves a pending post, which leaves the pending list', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog([adminPost({ title: 'Green Coat' }), adminPost({ title: 'Blue Bag' })]);
    openPosts();
    await table();
    await chooseRowAction(user, rowOf('Green Coat'), 'Approve');
    await screen.findByText('Post approved');
    expect(catalog.calls.find((c) => c.method === 'PUT')?.url).toBe(
      `/api/admin/posts/${catalog.posts[0]!._id}/approve`,
    );
    await waitFor(() => expect(screen.getByRole('table')).toHaveAccessibleName('Posts (1)'));
    expect(screen.queryByText('Green Coat')).not.toBeInTheDocument();
  });

  it('rejects only with a non-blank reason, and sends it trimmed', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog([adminPost({ title: 'Green Coat' })]);
    openPosts();
    await table();
    await chooseRowAction(user, rowOf('Green Coat'), 'Reject');
    const dialog = screen.getByRole('dialog', { name: 'Reject Post' });
    const reason = within(dialog).getByPlaceholderText('Please provide a reason for rejection...');
    const reject = within(dialog).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await user.type(reason, '   ');
    await user.tab();
    expect(reject).toBeDisabled();
    expect(within(dialog).getByText('Please provide a rejection reason')).toBeInTheDocument();
    expect(catalog.calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.type(reason, ' Wrong brand ');
    await user.click(reject);
    await screen.findByText('Post rejected');
    expect(catalog.calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: `/api/admin/posts/${catalog.posts[0]!._id}/reject`,
      body: { rejectionReason: 'Wrong brand' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends one rejection when the dialog is submitted twice at once', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog([adminPost({ title: 'Green Coat' })]);
    openPosts();
    await table();
    await chooseRowAction(user, rowOf('Green Coat'), 'Reject');
    const dialog = screen.getByRole('dialog', { name: 'Reject Post' });
    await user.type(
      within(dialog).getByPlaceholderText('Please provide a reason for rejection...'),
      'Wrong brand',
    );
    const form = within(dialog).getByRole('button', { name: 'Reject' }).closest('form')!;
    // Two submits before React has re-rendered the dialog as busy (a double click, Enter twice).
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByText('Post rejected');
    expect(catalog.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(screen.queryByText(/Failed to reject post/)).not.toBeInTheDocument();
  });

  it('says which action failed, with the server message', async () => {
    const user = userEvent.setup();
    serveCatalog([adminPost({ title: 'Green Coat' })], {
      override: (call) =>
        call.url.endsWith('/hide')
          ? Response.json({ message: 'Post is already hidden' }, { status: 409 })
          : undefined,
    });
    openPosts();
    await table();
    await chooseRowAction(user, rowOf('Green Coat'), 'Hide');
    expect(await screen.findByText('Failed to hide post')).toBeInTheDocument();
    expect(screen.getByText('Post is already hidden')).toBeInTheDocument();
  });

  it('asks before deleting, and deletes on confirmation', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog([adminPost({ title: 'Green Coat' })]);
    openPosts();
    await table();
    await chooseRowAction(user, rowOf('Green Coat'), 'Delete');
    const ask = screen.getByRole('alertdialog', { name: 'Delete Post' });
    expect(ask).toHaveTextContent('Are you sure you want to delete this post? This action cannot be undone.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(catalog.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await chooseRowAction(user, rowOf('Green Coat'), 'Delete');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Post deleted');
    expect(catalog.posts).toEqual([]);
    await screen.findByText('No posts found.');
  });
});

describe('Bulk toolbar', () => {
  it('shows the buttons the selected statuses call for', () => {
    expect(bulkActionsOf(['pending'])).toEqual(['approve', 'reject', 'hide', 'delete']);
    expect(bulkActionsOf(['approved'])).toEqual(['hide', 'share', 'delete']);
    expect(bulkActionsOf(['hidden'])).toEqual(['unhide', 'delete']);
    expect(bulkActionsOf(['hidden', 'approved', 'pending'])).toEqual([
      'approve',
      'reject',
      'hide',
      'unhide',
      'share',
      'delete',
    ]);
  });

  it('appears with a selection, reads Processing... while a bulk action runs, and clears after', async () => {
    const user = userEvent.setup();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const catalog = serveCatalog(
      [adminPost({ title: 'A' }), adminPost({ title: 'B' }), adminPost({ title: 'C' })],
      { override: async (call) => (call.url.endsWith('/bulk-hide') ? (await held, undefined) : undefined) },
    );
    openPosts();
    await table();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(within(rowOf('A')).getByRole('checkbox', { name: 'Select A' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    expect(within(toolbar).getByText('1 selected')).toBeInTheDocument();
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve All', 'Reject All', 'Hide All', 'Delete All']);
    const all = screen.getByRole('checkbox', { name: 'Select All' });
    expect(all).toHaveAttribute('aria-checked', 'mixed');
    await user.click(all);
    expect(within(toolbar).getByText('3 selected')).toBeInTheDocument();
    await user.click(within(toolbar).getByRole('button', { name: 'Hide All' }));
    expect(within(toolbar).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(within(toolbar).getByRole('button', { name: 'Approve All' })).toBeDisabled();
    release();
    await screen.findByText('3 posts hidden');
    expect(catalog.calls.find((c) => c.url.endsWith('/bulk-hide'))?.body).toEqual({
      postIds: catalog.posts.map((p) => p._id),
    });
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
  });

  it('bulk rejects with a reason, and bulk deletes after asking', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog([adminPost({ title: 'A' }), adminPost({ title: 'B' })]);
    openPosts();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Reject All' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Selected Posts' });
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Duplicates' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await screen.findByText('2 posts rejected');
    expect(catalog.calls.find((c) => c.url.endsWith('/bulk-reject'))?.body).toMatchObject({
      rejectionReason: 'Duplicates',
    });

    await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), 'rejected');
    await screen.findByRole('table', { name: 'Posts (2)' });
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Delete All' }));
    const ask = screen.getByRole('alertdialog', { name: 'Delete Selected Posts' });
    expect(ask).toHaveTextContent(
      'Are you sure you want to delete 2 selected posts? This action cannot be undone.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Delete' }));
    await screen.findByText('2 posts deleted');
    expect(catalog.posts).toEqual([]);
  });

  it('reports a failed bulk action with the plural text', async () => {
    const user = userEvent.setup();
    serveCatalog([adminPost({ title: 'A' })], {
      override: (call) =>
        call.url.endsWith('/bulk-approve')
          ? Response.json({ message: 'Database unavailable' }, { status: 503 })
          : undefined,
    });
    openPosts();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select A' }));
    await user.click(screen.getByRole('button', { name: 'Approve All' }));
    expect(await screen.findByText('Failed to approve posts')).toBeInTheDocument();
    expect(screen.getByRole('toolbar')).toHaveTextContent('1 selected');
  });
});
