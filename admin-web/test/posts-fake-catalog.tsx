import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import type { AdminPost, PostStatus, ShareContent, SocialPublishingStatus } from '@celebstyle/contracts';
import { AppToaster } from '../src/components/toaster.tsx';
import PostsPage from '../src/features/posts/components/posts-page.tsx';
import { TestProviders } from './providers.tsx';

export type Call = { method: string; url: string; body: unknown };

let counter = 0;
/** A post as the catalog's admin routes answer it; ids are UUID-shaped like the catalog's. */
export function adminPost(over: Partial<AdminPost> = {}): AdminPost {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    _id: `00000000-0000-4000-8000-${n}`,
    title: `Look ${counter}`,
    description: `Description ${counter}`,
    mainImage: `https://img.test/main-${counter}.jpg`,
    enhancedImage: null,
    additionalImages: [],
    url: null,
    affiliateLinks: [],
    celebrity: 'Kyle Richards',
    show: 'The Real Housewives of Beverly Hills',
    brand: 'Zara',
    productType: 'Dress',
    platform: 'wornontv',
    status: 'pending',
    rejectionReason: null,
    isTopPick: false,
    viewCount: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...over,
  };
}

export const shareContentOf = (post: AdminPost): ShareContent => ({
  image: post.enhancedImage ?? post.mainImage,
  title: post.title,
  celebrity: post.celebrity,
  show: post.show,
  caption: `${post.title}\n\nShop the look: https://site.test/product/${post._id}\n\n#KyleRichards #Zara`,
  hashtags: ['#KyleRichards', '#Zara'],
  postUrl: `https://site.test/product/${post._id}`,
  postId: post._id,
});

const nextStatus: Record<string, PostStatus> = {
  approve: 'approved',
  reject: 'rejected',
  hide: 'hidden',
  unhide: 'approved',
  requeue: 'pending',
};

export interface FakeCatalog {
  posts: AdminPost[];
  calls: Call[];
  /** Answer a call differently (a failure); undefined lets the fake answer. */
  override?: (call: Call) => Response | undefined | Promise<Response | undefined>;
  publishing?: SocialPublishingStatus;
}

/**
 * A fake of the catalog's admin post routes over `catalog.posts` (writes change it), behind the
 * fetch boundary; every call is recorded.
 */
export function serveCatalog(posts: AdminPost[], options: Partial<FakeCatalog> = {}): FakeCatalog {
  const catalog: FakeCatalog = { posts, calls: [], ...options };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? (JSON.parse(init.body as string) as unknown) : undefined;
      const call = { method, url: input, body };
      catalog.calls.push(call);
      const overridden = await catalog.override?.(call);
      if (overridden) return overridden;
      const url = new URL(input, 'http://admin.test');
      const path = url.pathname.replace('/api/admin/posts', '');
      const q = url.searchParams;
      const matching = catalog.posts.filter(
        (p) =>
          p.status === q.get('status') &&
          (!q.get('platform') || p.platform === q.get('platform')) &&
          (!q.get('celebrity') || p.celebrity === q.get('celebrity')) &&
          (!q.get('search') || p.title.includes(q.get('search')!)),
      );
      if (path === '/selection' && method === 'GET') {
        return Response.json({
          total: matching.length,
          posts: matching.map((p) => ({ _id: p._id, status: p.status, rejectionReason: p.rejectionReason })),
        });
      }
      if (path === '' && method === 'GET') {
        const page = Number(q.get('page'));
        const limit = Number(q.get('limit'));
        const totalPages = Math.ceil(matching.length / limit);
        return Response.json({
          posts: matching.slice((page - 1) * limit, page * limit),
          pagination: {
            totalPosts: matching.length,
            totalPages,
            currentPage: page,
            limit,
            hasPrevPage: page > 1,
            hasNextPage: page < totalPages,
          },
        });
      }
      if (path === '/filters/celebrities')
        return Response.json({ celebrities: ['Kyle Richards', 'Lisa Rinna'] });
      if (path === '/filters/shows')
        return Response.json({ shows: ['The Real Housewives of Beverly Hills'] });
      if (path === '/filters/brands') return Response.json({ brands: ['Zara', 'Gucci'] });
      if (path === '/filters/product-types') return Response.json({ productTypes: ['Dress', 'Bag'] });
      if (path === '/filters/platforms') return Response.json({ platforms: ['bigblondehair', 'wornontv'] });
      if (path === '/late-dev/status')
        return Response.json(
          catalog.publishing ?? {
            configured: false,
            connected: false,
            message: 'Social publishing is not configured',
            accounts: [],
          },
        );
      const bulk = /^\/bulk-([\w-]+)$/.exec(path);
      if (bulk && bulk[1] === 'share-content') {
        const ids = (body as { postIds: string[] }).postIds;
        return Response.json({
          posts: catalog.posts.filter((p) => ids.includes(p._id)).map(shareContentOf),
          skipped: [],
        });
      }
      if (bulk) {
        const { postIds: ids, rejectionReason } = body as { postIds: string[]; rejectionReason?: string };
        for (const id of ids) {
          const index = catalog.posts.findIndex((p) => p._id === id);
          if (bulk[1] === 'delete') catalog.posts.splice(index, 1);
          else
            catalog.posts[index] = {
              ...catalog.posts[index]!,
              status: nextStatus[bulk[1]!]!,
              ...(bulk[1] === 'reject' ? { rejectionReason: rejectionReason ?? null } : {}),
            };
        }
        const results = ids.map((postId) => ({
          postId,
          outcome: 'done',
          status: nextStatus[bulk[1]!] ?? null,
          message: null,
        }));
        return Response.json({ done: ids.length, skipped: 0, notFound: 0, results });
      }
      const [, id, action] = path.split('/');
      const index = catalog.posts.findIndex((p) => p._id === id);
      if (index < 0) return Response.json({ statusCode: 404, message: 'Post not found' }, { status: 404 });
      const post = catalog.posts[index]!;
      if (action === 'share-content') return Response.json(shareContentOf(post));
      if (action === 'publish-to-social')
        return Response.json({
          success: true,
          status: 'published',
          message: 'Published to Instagram',
          error: null,
          postId: 'late-1',
        });
      if (action) {
        catalog.posts[index] = {
          ...post,
          status: nextStatus[action]!,
          rejectionReason: (body as { rejectionReason?: string } | undefined)?.rejectionReason ?? null,
        };
        return Response.json(catalog.posts[index]);
      }
      if (method === 'DELETE') {
        catalog.posts.splice(index, 1);
        return Response.json({ deleted: true, _id: id });
      }
      if (method === 'PUT') catalog.posts[index] = { ...post, ...(body as object) };
      return Response.json(catalog.posts[index]);
    }),
  );
  return catalog;
}

/** Shows where the router is, so tests can read the address the screen keeps its state in. */
function Address() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

/** The posts screen at `path` (under /admin), with the toaster and the current address. */
export function openPosts(path = '/admin/posts') {
  const router = createMemoryRouter(
    [
      {
        path: '/posts',
        element: (
          <>
            <PostsPage />
            <Address />
          </>
        ),
      },
    ],
    { basename: '/admin', initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
      <AppToaster />
    </TestProviders>,
  );
  return router;
}

/** The list calls made so far, as their query parameters. */
export const listCalls = (catalog: FakeCatalog) =>
  catalog.calls
    .filter((c) => c.method === 'GET' && /^\/api\/admin\/posts\?/.test(c.url))
    .map((c) => Object.fromEntries(new URL(c.url, 'http://admin.test').searchParams));

/**
 * Runs a row action as an admin does: the row's own button when it is the one shown (Approve for a
 * pending post, else Edit), otherwise the item of its More menu.
 */
export async function chooseRowAction(
  user: { click(element: Element): Promise<void> },
  row: HTMLElement,
  name: string,
) {
  const button = within(row).queryByRole('button', { name });
  if (button) return user.click(button);
  await user.click(within(row).getByRole('button', { name: /^More actions for / }));
  await user.click(await screen.findByRole('menuitem', { name }));
}
