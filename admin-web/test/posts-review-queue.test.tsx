import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreCalls } from '../src/features/posts/undo-moderation.ts';
import { adminPost, listCalls, openPosts, serveCatalog, type FakeCatalog } from './posts-fake-catalog.tsx';
import { chooseOption, optionTexts } from './choose-option.ts';

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

const address = () => document.querySelector('output[aria-label="address"]')?.textContent;
const table = () => screen.findByRole('table', { name: /^Posts \(/ });
const activeTitle = () => document.querySelector('tr[aria-current="true"] .post-title')?.textContent ?? null;
const writes = (catalog: FakeCatalog) =>
  catalog.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body]);

describe('review queue shortcuts', () => {
  it('moves with J and K, approves with A and goes on to the next post, and Undo puts it back', async () => {
    const user = userEvent.setup();
    const [first, second] = [adminPost({ title: 'First Look' }), adminPost({ title: 'Second Look' })];
    const catalog = serveCatalog([first!, second!, adminPost({ title: 'Third Look' })]);
    openPosts();
    await table();
    expect(activeTitle()).toBe('First Look');
    await user.keyboard('j');
    expect(activeTitle()).toBe('Second Look');
    await user.keyboard('k');
    expect(activeTitle()).toBe('First Look');

    await user.keyboard('a');
    await waitFor(() => expect(screen.queryByText('First Look')).not.toBeInTheDocument());
    expect(activeTitle()).toBe('Second Look');
    expect(writes(catalog)).toEqual([['PUT', `/api/admin/posts/${first!._id}/approve`, undefined]]);

    const done = await screen.findByText('Post approved');
    await user.click(
      within(done.closest('.toast-undo') as HTMLElement).getByRole('button', { name: 'Undo' }),
    );
    await screen.findByText('Undone');
    expect(writes(catalog).at(-1)).toEqual([
      'POST',
      '/api/admin/posts/bulk-requeue',
      { postIds: [first!._id] },
    ]);
    await screen.findByText('First Look');
  });

  it('rejects with R (a reason first), hides with H, selects with X and edits with E', async () => {
    const user = userEvent.setup();
    const posts = [
      adminPost({ title: 'Alpha' }),
      adminPost({ title: 'Beta' }),
      adminPost({ title: 'Gamma' }),
    ];
    const catalog = serveCatalog(posts);
    openPosts();
    await table();
    await user.keyboard('x');
    expect(screen.getByRole('toolbar', { name: 'Bulk actions' })).toHaveTextContent('1 selected');
    await user.keyboard('x');
    expect(screen.queryByRole('toolbar', { name: 'Bulk actions' })).not.toBeInTheDocument();

    await user.keyboard('r');
    const reject = await screen.findByRole('dialog', { name: 'Reject Post' });
    // typing the reason is not a shortcut (no J moves, no A approves)
    await user.type(within(reject).getByRole('textbox'), 'Just a blurry photo');
    await user.click(within(reject).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByText('Alpha')).not.toBeInTheDocument());
    expect(writes(catalog)).toEqual([
      ['PUT', `/api/admin/posts/${posts[0]!._id}/reject`, { rejectionReason: 'Just a blurry photo' }],
    ]);

    await user.keyboard('h');
    await waitFor(() => expect(writes(catalog)).toHaveLength(2));
    expect(writes(catalog)[1]).toEqual(['PUT', `/api/admin/posts/${posts[1]!._id}/hide`, undefined]);

    await waitFor(() => expect(screen.queryByText('Beta')).not.toBeInTheDocument());
    expect(activeTitle()).toBe('Gamma');
    await user.keyboard('e');
    await waitFor(() => expect(address()).toContain(`id=${posts[2]!._id}`));
  });

  it('never fires while typing in a field or with a dialog open; ? lists the keys', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog([adminPost({ title: 'Only Look' })]);
    openPosts();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ahrex');
    expect(writes(catalog)).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(document.body);
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(
      within(help)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['J', 'K', 'A', 'R', 'H', 'E', 'X', '?']);
    await user.keyboard('a');
    expect(writes(catalog)).toEqual([]);
    await user.click(within(help).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('approves and goes on to the next post from the details dialog', async () => {
    const user = userEvent.setup();
    serveCatalog([adminPost({ title: 'One' }), adminPost({ title: 'Two' })]);
    openPosts();
    await table();
    const row = screen.getByRole('rowheader', { name: /One/ }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /^More actions for / }));
    await user.click(await screen.findByRole('menuitem', { name: 'View' }));
    const details = await screen.findByRole('dialog', { name: 'Post Details' });
    expect(within(details).getAllByText('One').length).toBeGreaterThan(0);
    await user.click(within(details).getByRole('button', { name: 'Approve and next' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('dialog', { name: 'Post Details' })).getAllByText('Two').length,
      ).toBeGreaterThan(0),
    );
  });
});

describe('page size and select all matching', () => {
  it('offers 20, 50 and 100 per page in the address', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog(Array.from({ length: 30 }, () => adminPost()));
    openPosts();
    await table();
    const pageSize = screen.getByRole('combobox', { name: 'Posts per page' });
    expect(await optionTexts(user, pageSize)).toEqual(['20', '50', '100']);
    await chooseOption(user, pageSize, '50');
    await waitFor(() => expect(address()).toContain('limit=50'));
    await waitFor(() => expect(listCalls(catalog).at(-1)).toMatchObject({ limit: '50', page: '1' }));
    expect(pageSize).toHaveTextContent('50');
  });

  it('selects all matching posts and approves them in calls of 500, with progress, and Undo', async () => {
    const user = userEvent.setup();
    const catalog = serveCatalog(Array.from({ length: 620 }, () => adminPost()));
    openPosts();
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Select all 620 matching' }));
    const bar = screen.getByRole('toolbar', { name: 'Bulk actions' });
    await waitFor(() => expect(bar).toHaveTextContent('620 selected'));
    expect(bar).toHaveTextContent('All 620 matching posts are selected.');
    // the second call waits until the test has read the progress
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    catalog.override = async (call) => {
      if (call.url.endsWith('/bulk-approve') && (call.body as { postIds: string[] }).postIds.length === 120)
        await held;
      return undefined;
    };
    await user.click(within(bar).getByRole('button', { name: 'Approve All' }));
    expect(await within(bar).findByRole('status')).toHaveTextContent('500 of 620 posts');
    expect(within(bar).getByRole('progressbar', { name: 'Bulk action progress' })).toHaveAttribute(
      'value',
      '500',
    );
    expect(within(bar).getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    await screen.findByText('620 posts approved');
    const bulkCalls = catalog.calls.filter((c) => c.url.endsWith('/bulk-approve'));
    expect(bulkCalls.map((c) => (c.body as { postIds: string[] }).postIds.length)).toEqual([500, 120]);
    expect(catalog.posts.every((p) => p.status === 'approved')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('Undone');
    const requeue = catalog.calls.filter((c) => c.url.endsWith('/bulk-requeue'));
    expect(requeue.map((c) => (c.body as { postIds: string[] }).postIds.length)).toEqual([500, 120]);
    expect(catalog.posts.every((p) => p.status === 'pending')).toBe(true);
  });
});

describe('restoreCalls (Undo)', () => {
  it('gives each changed post its own previous status and reason; unchanged posts are left', () => {
    const before = [
      { _id: 'a', status: 'pending' as const, rejectionReason: null },
      { _id: 'b', status: 'rejected' as const, rejectionReason: 'Blurry' },
      { _id: 'c', status: 'rejected' as const, rejectionReason: 'Off brand' },
      { _id: 'd', status: 'approved' as const, rejectionReason: null },
      { _id: 'e', status: 'hidden' as const, rejectionReason: null },
      { _id: 'f', status: 'approved' as const, rejectionReason: null },
    ];
    expect(restoreCalls(before, new Set(['a', 'b', 'c', 'd', 'e']))).toEqual([
      { action: 'requeue', postIds: ['a'] },
      { action: 'reject', postIds: ['b'], rejectionReason: 'Blurry' },
      { action: 'reject', postIds: ['c'], rejectionReason: 'Off brand' },
      { action: 'approve', postIds: ['d'] },
      { action: 'hide', postIds: ['e'] },
    ]);
  });
});
