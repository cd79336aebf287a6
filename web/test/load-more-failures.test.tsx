import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, fireEvent, act } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../src/lib/query-client.ts';
import { CelebrityProfilePage } from '../src/features/celebrities/components/celebrity-profile.tsx';
import { ShowPage } from '../src/features/shows/components/show-page.tsx';
import { TrendingPage } from '../src/features/trending/components/trending-page.tsx';
import { json, stubApi } from './render-helpers.tsx';
import { pageOf } from './list-fixtures.ts';

const FAILED = 'Failed to load more posts. Please try again.';

function renderRoute(path: string, pattern: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const celebrity = {
  name: 'Dorit Kemsley',
  description: null,
  profileImage: null,
  shows: [],
  mainShow: null,
  network: null,
  location: null,
  totalLooks: 40,
  recentLooks: 0,
  descriptionGenerated: false,
  lastUpdated: '2026-11-01T00:00:00.000Z',
};

/** Lets the 5-second message run out (storefront.md §4) without waiting 5 real seconds. */
async function passFiveSeconds() {
  await act(async () => {
    vi.advanceTimersByTime(5_000);
  });
}

describe("a failed 'more' page keeps what is shown (storefront.md §4, §8)", () => {
  it("celebrity profile: See More fails → the 8 looks stay, the message shows for 5 s, no 'Celebrity Not Found'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    stubApi({
      '/api/posts/celebrity/dorit-kemsley': (url) =>
        url.searchParams.get('page') === '1'
          ? json(200, { celebrity, ...pageOf(1, 8, 40) })
          : json(503, { message: 'down' }),
    });
    renderRoute('/celebrity/dorit-kemsley', '/celebrity/:slug', <CelebrityProfilePage />);
    const more = await screen.findByRole('button', { name: 'See More Outfits (32 remaining)' });
    fireEvent.click(more);
    expect(await screen.findByText(FAILED, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByText('Celebrity Not Found')).toBeNull();
    expect(screen.getByText('Showing 8 of 40 looks')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'See More Outfits (32 remaining)' })).toBeEnabled();
    await passFiveSeconds();
    expect(screen.queryByText(FAILED)).toBeNull();
    expect(screen.getByText('Showing 8 of 40 looks')).toBeInTheDocument();
  });

  it('show page: Next fails → page 1 stays with the message', async () => {
    const show = {
      _id: null,
      name: 'The Real Housewives of Beverly Hills',
      slug: 'the-real-housewives-of-beverly-hills',
      network: 'Bravo',
      originalImage: null,
      mediumImage: null,
      genres: [],
      summary: null,
      totalLooks: 30,
      recentLooks: 0,
    };
    stubApi({
      '/api/posts/show/': (url) =>
        url.searchParams.get('page') === '1'
          ? json(200, { show, ...pageOf(1, 12, 30) })
          : json(500, { message: 'boom' }),
    });
    renderRoute('/shows/the-real-housewives-of-beverly-hills', '/shows/:showName', <ShowPage />);
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(FAILED, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.queryByText('Show Not Found')).toBeNull();
    expect(screen.getAllByText('Look 12').length).toBeGreaterThan(0);
  });

  it('trending: a failed page leaves the shown page and its pager', async () => {
    stubApi({
      '/api/posts': (url) =>
        url.searchParams.get('page') === '1'
          ? json(200, {
              ...pageOf(1, 9, 27),
              facets: { shows: [], celebrities: [], brands: [], productTypes: [] },
            })
          : json(500, { message: 'boom' }),
    });
    renderRoute('/trending', '/trending', <TrendingPage />);
    await screen.findByText('Look 9');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText(FAILED, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Look 9')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load products. Please try again.')).toBeNull();
  });
});
