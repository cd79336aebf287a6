import type { LoaderFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Seo } from '../../components/seo.tsx';
import { getPopularPostsQueryOptions, getPostsQueryOptions } from '../../lib/catalog/posts.ts';
import { LATEST_ARRIVALS, SITE_TAGLINE, TOP_PICKS } from '../../config/constants.ts';
import { Hero } from '../../features/home/components/hero.tsx';
import { LatestArrivals } from '../../features/home/components/latest-arrivals.tsx';
import { TopPicksCarousel } from '../../features/home/components/top-picks-carousel.tsx';
import { AsSeenOn } from '../../features/home/components/as-seen-on.tsx';
import { TrendingCelebs } from '../../features/home/components/trending-celebs.tsx';
import { RealHousewives } from '../../features/home/components/real-housewives.tsx';
import { FashionByShow } from '../../features/home/components/fashion-by-show.tsx';
import { ShowLooks } from '../../features/home/components/show-looks.tsx';

/** Starts the above-the-fold reads together with the route chunk (no waiting on them). */
export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  () => {
    void queryClient.prefetchQuery(
      getPostsQueryOptions({ page: 1, limit: LATEST_ARRIVALS, sort: 'createdAt', order: 'desc' }),
    );
    void queryClient.prefetchQuery(getPopularPostsQueryOptions(TOP_PICKS));
    return null;
  };

/** storefront.md §2 Home: every section, in the spec's order. */
export default function HomeRoute() {
  return (
    <>
      <Seo
        title={`CelebStyle — ${SITE_TAGLINE}`}
        description="Find and shop the outfits celebrities wear on your favorite TV shows: latest arrivals, top picks, trending celebs and looks by show."
      />
      <Hero />
      <LatestArrivals />
      <TopPicksCarousel />
      <AsSeenOn />
      <TrendingCelebs />
      <RealHousewives />
      <FashionByShow />
      <ShowLooks />
    </>
  );
}
