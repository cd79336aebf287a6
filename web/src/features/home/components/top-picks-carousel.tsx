import { usePopularPosts } from '../../../lib/catalog/posts.ts';
import { hasImage } from './latest-arrivals.tsx';
import { loadSavedFilters, saveFilters } from '../../../lib/saved-filters.ts';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { PostCard, PostCardSkeleton } from '../../../components/post-card.tsx';
import { SectionHeading, FallbackNotice } from '../../../components/ui/section-heading.tsx';
import { TOP_PICKS } from '../../../config/constants.ts';
import { FALLBACK_POSTS } from '../../../lib/fallback-data.ts';

// §9: 4/3/2/1 cards at 1024/768/640/below
const SLIDE = 'basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/4';

/** storefront.md §2 Home: Top Picks carousel, up to 8 popular posts. */
export function TopPicksCarousel() {
  const popular = usePopularPosts(TOP_PICKS);
  const posts = popular.isError ? FALLBACK_POSTS : (popular.data ?? []).filter(hasImage);
  return (
    <section className="bg-neutral-50 py-14" aria-label="Top Picks">
      <div className="mx-auto max-w-7xl px-4 md:px-6">
        <SectionHeading
          title="Top Picks"
          eyebrow="Most loved"
          links={[
            {
              to: '/Fashion?filter=top',
              label: 'View All Top Picks',
              // §2: View All Top Picks sets the saved filters to top picks
              onClick: () => saveFilters({ ...loadSavedFilters(), topPicks: true, latestDrops: false }),
            },
          ]}
        />
        {popular.isError && (
          <FallbackNotice>Failed to load popular posts. Using fallback data.</FallbackNotice>
        )}
        {popular.isPending ? (
          <Carousel label="Top Picks" slideClass={SLIDE} showDots={false}>
            {Array.from({ length: 4 }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </Carousel>
        ) : (
          <Carousel label="Top Picks" slideClass={SLIDE}>
            {posts.slice(0, TOP_PICKS).map((post) => (
              <PostCard key={post._id} post={post} to={popular.isError ? '/fashion' : undefined} />
            ))}
          </Carousel>
        )}
      </div>
    </section>
  );
}
