import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminPost, openPosts, serveCatalog, chooseRowAction } from './posts-fake-catalog.tsx';
import { chooseOption } from './choose-option.ts';

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

// a modal dialog hides the rest of the page from the accessibility tree: read the address directly
const address = () => document.querySelector('output[aria-label="address"]')?.textContent;
/** Sets a field's value at once (typing every character is slow and not what these tests are about). */
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const rowOf = (title: string) =>
  screen.getByRole('rowheader', { name: new RegExp(title), hidden: true }).closest('tr')!;

describe('Post details', () => {
  it('shows every field read-only, the rejection reason, and opens images full size in a new tab', async () => {
    const user = userEvent.setup();
    serveCatalog([
      adminPost({
        title: 'Green Coat',
        status: 'rejected',
        rejectionReason: 'Wrong brand',
        enhancedImage: 'https://img.test/enhanced.jpg',
        mainImage: 'https://img.test/main.jpg',
        additionalImages: ['https://img.test/extra.jpg'],
      }),
    ]);
    openPosts('/admin/posts?status=rejected');
    await screen.findByRole('table');
    await chooseRowAction(user, rowOf('Green Coat'), 'View');
    const dialog = screen.getByRole('dialog', { name: 'Post Details' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => [l.getAttribute('href'), l.getAttribute('target')])).toEqual([
      ['https://img.test/enhanced.jpg', '_blank'],
      ['https://img.test/main.jpg', '_blank'],
      ['https://img.test/extra.jpg', '_blank'],
    ]);
    const terms = [...dialog.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(terms).toEqual([
      ['Title', 'Green Coat'],
      ['Description', expect.stringMatching(/^Description \d+$/)],
      ['Celebrity', 'Kyle Richards'],
      ['Show', 'The Real Housewives of Beverly Hills'],
      ['Brand', 'Zara'],
      ['Product Type', 'Dress'],
      ['Platform', 'wornontv'],
      ['Status', 'rejected'],
      ['Created', expect.stringContaining('Mar 1, 2026')],
      ['Updated', expect.stringContaining('Mar 2, 2026')],
      ['Rejection Reason', 'Wrong brand'],
    ]);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('never makes a javascript: or data: image address clickable or loads it', async () => {
    const user = userEvent.setup();
    serveCatalog([
      adminPost({
        title: 'Old Coat',
        status: 'approved',
        enhancedImage: 'javascript:alert(1)',
        mainImage: '/api/images/posts/old.svg',
        additionalImages: ['data:image/svg+xml,<svg onload=alert(1)>'],
      }),
    ]);
    openPosts('/admin/posts?status=approved');
    await screen.findByRole('table');
    await chooseRowAction(user, rowOf('Old Coat'), 'View');
    const dialog = screen.getByRole('dialog', { name: 'Post Details' });
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/api/images/posts/old.svg']);
    expect(within(dialog).getAllByText('Not an http(s) address')).toHaveLength(2);
    const sources = [...dialog.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual(['/api/images/posts/old.svg']);
  });
});

describe('Edit post', () => {
  it('opens from ?id= with the approved list behind it, and closing keeps that list', async () => {
    const user = userEvent.setup();
    const live = adminPost({ title: 'Live Dress', status: 'approved' });
    const catalog = serveCatalog([live, adminPost({ title: 'Pending Bag' })]);
    openPosts(`/admin/posts?id=${live._id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Live Dress');
    expect(catalog.calls.some((c) => c.url === `/api/admin/posts/${live._id}`)).toBe(true);
    expect(await screen.findByRole('table', { name: 'Posts (1)', hidden: true })).toBeInTheDocument();
    expect(within(rowOf('Live Dress')).getByText('approved')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(address()).toBe('/posts?status=approved');
  });

  it("says 'Post not found' for an id the catalog does not know", async () => {
    serveCatalog([adminPost()]);
    openPosts('/admin/posts?id=00000000-0000-4000-8000-999999999999');
    expect(await screen.findByText('Post not found')).toBeInTheDocument();
    await waitFor(() => expect(address()).not.toContain('id='));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('edits fields with list choices or a Custom Entry, links with temp- ids, and never sends the platform', async () => {
    const user = userEvent.setup();
    const post = adminPost({
      title: 'Silk Dress',
      affiliateLinks: [
        {
          _id: 'link-1',
          text: 'Silk Dress $89.99',
          url: 'https://go.test/1',
          realUrl: 'https://shop.test/1',
        },
        { _id: 'link-2', text: 'Old Bag', url: 'https://go.test/2', realUrl: null },
      ],
    });
    const catalog = serveCatalog([post]);
    openPosts();
    await screen.findByRole('table');
    await chooseRowAction(user, rowOf('Silk Dress'), 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    expect(address()).toBe(`/posts?id=${post._id}&status=pending`);

    // status and platform are read-only
    expect(within(dialog).getByText('Use Approve/Reject buttons to change status')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Platform')).not.toBeInTheDocument();

    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Brand' }), 'Gucci');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Show' }), 'Custom Entry');
    fill(within(dialog).getByLabelText('Custom show'), 'Vanderpump Rules');

    // an image that does not load shows the placeholder
    const main = within(dialog).getByLabelText('Main Image URL');
    fill(main, 'https://img.test/broken.jpg');
    fireEvent.error(within(dialog).getByAltText('Main image preview'));
    expect(
      within(dialog).getByRole('img', { name: 'Main image preview: Image not available' }),
    ).toBeInTheDocument();

    // links: a new one needs text; remove one; edit another
    const add = within(dialog).getByRole('button', { name: 'Add Link' });
    expect(add).toBeDisabled();
    fill(within(dialog).getByLabelText('New link text'), 'Gold Hoops $12.34');
    fill(within(dialog).getByLabelText('New link product URL (optional)'), 'https://shop.test/hoops');
    await user.click(add);
    expect(within(dialog).getByLabelText('Link 3 text')).toHaveValue('Gold Hoops $12.34');
    expect(within(dialog).getByLabelText('New link text')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Remove link 2' }));
    fill(within(dialog).getByLabelText('Link 1 text'), 'Silk Dress $79');

    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Post updated');
    const put = catalog.calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe(`/api/admin/posts/${post._id}`);
    expect(put.body).not.toHaveProperty('platform');
    expect(put.body).not.toHaveProperty('status');
    expect(put.body).toMatchObject({
      title: 'Silk Dress',
      brand: 'Gucci',
      show: 'Vanderpump Rules',
      mainImage: 'https://img.test/broken.jpg',
      enhancedImage: null,
      affiliateLinks: [
        { _id: 'link-1', text: 'Silk Dress $79', url: 'https://go.test/1', realUrl: 'https://shop.test/1' },
        { text: 'Gold Hoops $12.34', url: '#', realUrl: 'https://shop.test/hoops' },
      ],
    });
    expect((put.body as { affiliateLinks: object[] }).affiliateLinks[1]).not.toHaveProperty('_id');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the form open with the reason when the save fails', async () => {
    const user = userEvent.setup();
    const post = adminPost({ title: 'Silk Dress' });
    serveCatalog([post], {
      override: (call) =>
        call.method === 'PUT'
          ? Response.json({ message: 'affiliateLinks[0] needs a url or a realUrl' }, { status: 400 })
          : undefined,
    });
    openPosts();
    await screen.findByRole('table');
    await chooseRowAction(user, rowOf('Silk Dress'), 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Post' });
    fill(within(dialog).getByLabelText('New link text'), 'Hoops');
    await user.click(within(dialog).getByRole('button', { name: 'Add Link' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update post')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('affiliateLinks[0] needs a url or a realUrl');
    expect(screen.getByRole('dialog', { name: 'Edit Post' })).toBeInTheDocument();
  });
});
