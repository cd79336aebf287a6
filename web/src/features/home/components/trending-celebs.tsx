import { useTrendingCelebrities } from '../../../lib/catalog/people-and-shows.ts';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SectionHeading, FallbackNotice } from '../../../components/ui/section-heading.tsx';
import { CELEBRITY_DIRECTORY_SIZE } from '../../../config/constants.ts';
import { topByLooks } from '../celebrity-numbers.ts';
import { FALLBACK_CELEBRITIES } from '../../../lib/fallback-data.ts';
import { CelebrityTile } from './celebrity-tile.tsx';

const SLIDE = 'basis-1/3 sm:basis-1/4 md:basis-1/5 lg:basis-1/6';

/**
 * storefront.md §2 Home: Trending Celebs carousel, up to 12 celebrities: §7 and §9 say the top 12
 * by count, so they are the 12 with the most looks of the directory (the server's own order puts
 * recent activity first), and the eyebrow says so.
 */
export function TrendingCelebs() {
  const trending = useTrendingCelebrities(CELEBRITY_DIRECTORY_SIZE);
  const celebrities = trending.isError ? FALLBACK_CELEBRITIES : topByLooks(trending.data ?? []);
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 md:px-6" aria-label="Trending Celebs">
      <SectionHeading title="Trending Celebs" eyebrow="The most looks found" />
      {trending.isError && <FallbackNotice>Failed to load celebrities. Using fallback data.</FallbackNotice>}
      {trending.isPending ? (
        <Carousel label="Trending Celebs" slideClass={SLIDE} showDots={false}>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i}>
              <Skeleton className="aspect-square w-full rounded-full" />
              <Skeleton className="mx-auto mt-3 h-4 w-3/4" />
              <Skeleton className="mx-auto mt-1 h-3 w-1/2" />
            </div>
          ))}
        </Carousel>
      ) : celebrities.length === 0 ? (
        <p className="py-8 text-center text-neutral-500">No trending celebrities found</p>
      ) : (
        <Carousel label="Trending Celebs" slideClass={SLIDE}>
          {celebrities.map((c) => (
            <CelebrityTile key={c.name} {...c} />
          ))}
        </Carousel>
      )}
    </section>
  );
}
