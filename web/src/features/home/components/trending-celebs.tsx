import { useTrendingCelebrities } from '../../../lib/catalog/people-and-shows.ts';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SectionHeading, FallbackNotice } from '../../../components/ui/section-heading.tsx';
import { TRENDING_CELEBS } from '../../../config/constants.ts';
import { FALLBACK_CELEBRITIES } from '../../../lib/fallback-data.ts';
import { CelebrityTile } from './celebrity-tile.tsx';

const SLIDE = 'basis-1/3 sm:basis-1/4 md:basis-1/5 lg:basis-1/6';

/** storefront.md §2 Home: Trending Celebs carousel, up to 12 celebrities. */
export function TrendingCelebs() {
  const trending = useTrendingCelebrities(TRENDING_CELEBS);
  const celebrities = trending.isError
    ? FALLBACK_CELEBRITIES
    : (trending.data ?? []).slice(0, TRENDING_CELEBS);
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 md:px-6" aria-label="Trending Celebs">
      <SectionHeading title="Trending Celebs" eyebrow="Who everyone is wearing" />
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
