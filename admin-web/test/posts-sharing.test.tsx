import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadImages, imageExtension, imageFromConsole } from '../src/features/posts/download-images.ts';
import { twitterShareUrl, twitterText } from '../src/features/posts/share-text.ts';
import { AppToaster } from '../src/components/toaster.tsx';
import { ShareDialog } from '../src/features/posts/components/share-dialog.tsx';
import { adminPost, openPosts, serveCatalog, shareContentOf } from './posts-fake-catalog.tsx';
import { TestProviders } from './providers.tsx';

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const rowOf = (title: string) => screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr')!;

describe('Twitter share text', () => {
  const url = 'https://site.test/product/1';
  it('keeps a text of up to 250 characters whole, then the post URL', () => {
    const text = 'a'.repeat(250);
    expect(twitterText(text, url)).toBe(`${text} ${url}`);
    expect(twitterText('Red dress', url)).toBe(`Red dress ${url}`);
  });
  it('cuts a longer text to 247 characters plus an ellipsis (250), then the post URL', () => {
    const text = 'b'.repeat(247) + 'cdefgh';
    const shared = twitterText(text, url);
    expect(shared).toBe(`${'b'.repeat(247)}... ${url}`);
    expect(shared.slice(0, shared.indexOf(' '))).toHaveLength(250);
  });
  it('puts that text in the tweet link', () => {
    const link = new URL(twitterShareUrl('c'.repeat(300), url));
    expect(link.searchParams.get('text')).toBe(`${'c'.repeat(247)}... ${url}`);
  });
});

describe('A shared image downloaded or shown in the console', () => {
  it('is named after its real media type, else its address, else jpg', () => {
    expect(imageExtension('image/png', 'https://img.test/a.jpg')).toBe('png');
    expect(imageExtension('image/webp; charset=binary', 'https://img.test/a')).toBe('webp');
    expect(imageExtension('application/octet-stream', 'https://img.test/a.JPEG?w=2')).toBe('jpg');
    expect(imageExtension(null, 'https://img.test/a.gif')).toBe('gif');
    expect(imageExtension(null, 'https://img.test/image')).toBe('jpg');
  });
  it("is read from the console's own origin when it is the storefront's, wherever the console was opened", () => {
    const here = window.location.origin;
    expect(
      imageFromConsole('https://shop.example:8443/uploads/a.png?v=2', 'https://shop.example:8443/product/1'),
    ).toBe(`${here}/uploads/a.png?v=2`);
    expect(imageFromConsole('https://cdn.example/a.png', 'https://shop.example:8443/product/1')).toBe(
      'https://cdn.example/a.png',
    );
  });
});

describe('Bulk image download', () => {
  it('starts one file at a time, 500 ms apart', async () => {
    vi.useFakeTimers();
    const started: [string, number][] = [];
    const t0 = Date.now();
    const done = downloadImages(
      [
        { url: 'https://img.test/1.jpg', name: '1.jpg' },
        { url: 'https://img.test/2.jpg', name: '2.jpg' },
        { url: 'https://img.test/3.jpg', name: '3.jpg' },
      ],
      (url) => started.push([url, Date.now() - t0]),
    );
    expect(started).toEqual([['https://img.test/1.jpg', 0]]);
    await vi.advanceTimersByTimeAsync(499);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(500);
    await done;
    expect(started).toEqual([
      ['https://img.test/1.jpg', 0],
      ['https://img.test/2.jpg', 500],
      ['https://img.test/3.jpg', 1000],
    ]);
  });
});

function renderShare(postId: string) {
  render(
    <TestProviders>
      <ShareDialog postId={postId} onClose={() => {}} />
    </TestProviders>,
  );
}

describe('Share dialog', () => {
  it('shows the share content, copies with 2 s feedback (4 s for the Instagram caption)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const post = adminPost({ title: 'Green Coat', status: 'approved' });
    serveCatalog([post]);
    renderShare(post._id);
    const dialog = await screen.findByRole('dialog', { name: 'Share Post' });
    await within(dialog).findByText('Green Coat');
    const content = shareContentOf(post);
    expect(within(dialog).getByRole('img', { name: 'Green Coat' })).toHaveAttribute('src', content.image);
    expect(
      within(dialog).getByText('Kyle Richards • The Real Housewives of Beverly Hills'),
    ).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Hashtags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#KyleRichards', '#Zara']);
    expect(within(dialog).getByRole('link', { name: content.postUrl })).toHaveAttribute(
      'href',
      content.postUrl,
    );
    const tweet = new URL(
      within(dialog).getByRole('link', { name: 'Share on Twitter' }).getAttribute('href')!,
    );
    expect(tweet.searchParams.get('text')).toMatch(
      new RegExp(`^Green Coat - Kyle Richards on .+ ${content.postUrl}$`),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(await navigator.clipboard.readText()).toBe(content.postUrl);
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy Instagram Caption' }));
    expect(await navigator.clipboard.readText()).toBe(content.caption);
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(within(dialog).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(within(dialog).getByRole('button', { name: 'Copy Instagram Caption' })).toBeInTheDocument();
  });

  it('tells the admin when the browser refuses to copy, and does not claim Copied!', async () => {
    const user = userEvent.setup();
    const post = adminPost({ title: 'Green Coat', status: 'approved' });
    serveCatalog([post]);
    render(
      <TestProviders>
        <AppToaster />
        <ShareDialog postId={post._id} onClose={() => {}} />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Share Post' });
    await within(dialog).findByText('Green Coat');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Copy Failed')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Copied!' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  it('says plainly when publishing is not configured', async () => {
    const post = adminPost({ status: 'approved' });
    const catalog = serveCatalog([post]);
    renderShare(post._id);
    expect(
      await screen.findByText(
        'Publishing to Instagram is not configured. Social publishing is not configured.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish to Instagram' })).not.toBeInTheDocument();
    expect(catalog.calls.some((c) => c.url.endsWith('/publish-to-social'))).toBe(false);
  });

  it('publishes: caption required, publishing, published (message gone after 10 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const post = adminPost({ status: 'approved' });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const catalog = serveCatalog([post], {
      publishing: {
        configured: true,
        connected: true,
        message: 'Social publishing is configured and connected',
        accounts: [],
      },
      override: async (call) =>
        call.url.endsWith('/publish-to-social') ? (await held, undefined) : undefined,
    });
    renderShare(post._id);
    const caption = await screen.findByLabelText('Caption');
    expect(caption).toHaveValue(shareContentOf(post).caption);
    fireEvent.change(caption, { target: { value: '  ' } });
    await user.click(screen.getByRole('button', { name: 'Publish to Instagram' }));
    expect(screen.getByText('Caption is required for publishing')).toBeInTheDocument();
    expect(catalog.calls.some((c) => c.url.endsWith('/publish-to-social'))).toBe(false);

    fireEvent.change(caption, { target: { value: 'New look!' } });
    await user.click(screen.getByRole('button', { name: 'Publish to Instagram' }));
    expect(screen.getByRole('button', { name: 'Publishing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Published to Instagram')).toBeInTheDocument();
    expect(catalog.calls.find((c) => c.url.endsWith('/publish-to-social'))?.body).toEqual({
      caption: 'New look!',
      platforms: ['instagram'],
    });
    await act(() => vi.advanceTimersByTimeAsync(9900));
    expect(screen.getByText('Published to Instagram')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText('Published to Instagram')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish to Instagram' })).toBeEnabled();
  });

  it('shows a failed publish, with the reason the server gave', async () => {
    const user = userEvent.setup();
    const post = adminPost({ status: 'approved' });
    serveCatalog([post], {
      publishing: { configured: true, connected: true, message: 'ok', accounts: [] },
      override: (call) =>
        call.url.endsWith('/publish-to-social')
          ? Response.json(
              {
                statusCode: 502,
                code: 'PUBLISH_FAILED',
                success: false,
                status: 'failed',
                message: 'Instagram token expired',
                error: 'token expired',
                postId: null,
              },
              { status: 502 },
            )
          : undefined,
    });
    renderShare(post._id);
    await user.click(await screen.findByRole('button', { name: 'Publish to Instagram' }, { timeout: 5000 }));
    expect(
      await screen.findByText('Failed to publish to Instagram: Instagram token expired'),
    ).toBeInTheDocument();
  });

  it("says 'Failed to generate share content. Please try again.' when the content cannot be made", async () => {
    const post = adminPost({ status: 'approved' });
    serveCatalog([post], {
      override: (call) =>
        call.url.endsWith('/share-content') ? Response.json({ message: 'boom' }, { status: 500 }) : undefined,
    });
    renderShare(post._id);
    expect(
      await screen.findByText('Failed to generate share content. Please try again.'),
    ).toBeInTheDocument();
  });
});

describe('Bulk share', () => {
  it('shares only the approved posts of the selection', async () => {
    const user = userEvent.setup();
    const approved = [
      adminPost({ title: 'Coat', status: 'approved' }),
      adminPost({ title: 'Bag', status: 'approved' }),
    ];
    const catalog = serveCatalog([...approved, adminPost({ title: 'Hidden Hat', status: 'hidden' })]);
    openPosts('/admin/posts?status=approved');
    await screen.findByRole('table');
    await user.click(screen.getByRole('checkbox', { name: 'Select All' }));
    await user.click(screen.getByRole('button', { name: 'Bulk Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bulk Share (2 posts)' });
    await within(dialog).findByText('Coat');
    expect(within(dialog).getByText('Bag')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download All Images (2)' })).toBeInTheDocument();
    expect(catalog.calls.find((c) => c.url.endsWith('/bulk-share-content'))?.body).toEqual({
      postIds: approved.map((p) => p._id),
    });
  });

  it('is not offered without an approved post, and Share is a row action of approved posts only', async () => {
    const user = userEvent.setup();
    serveCatalog([adminPost({ title: 'Pending Coat' })]);
    openPosts();
    await screen.findByRole('table');
    expect(within(rowOf('Pending Coat')).queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Pending Coat' }));
    expect(screen.queryByRole('button', { name: 'Bulk Share' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('toolbar')).toHaveTextContent('1 selected'));
  });
});
