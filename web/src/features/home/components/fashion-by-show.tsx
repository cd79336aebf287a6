import { Link } from 'react-router';
import { useShows } from '../../../lib/catalog/shows.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SectionHeading, FallbackNotice } from '../../../components/ui/section-heading.tsx';
import { FASHION_BY_SHOW_SHOWS, POPULAR_SHOWS_POOL } from '../../../config/constants.ts';
import { FALLBACK_SHOWS } from '../../../lib/fallback-data.ts';

/** storefront.md §2 Home: Fashion by TV Show, 12 round show images with post counts. */
export function FashionByShow() {
  // one shows call (first 20 by post count) serves this section, the show-looks carousels and the footer
  const query = useShows({ page: 1, limit: POPULAR_SHOWS_POOL, sort: 'postCount' });
  const shows = query.isError ? FALLBACK_SHOWS : (query.data?.shows ?? []).slice(0, FASHION_BY_SHOW_SHOWS);
  const grid = 'grid grid-cols-3 gap-5 sm:grid-cols-4 md:grid-cols-6';
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 md:px-6" aria-label="Fashion by TV Show">
      <SectionHeading
        title="Fashion by TV Show"
        eyebrow="Pick your show"
        links={[{ to: '/shows', label: 'View All Shows' }]}
      />
      {query.isError && <FallbackNotice>Failed to load TV shows data. Using fallback data.</FallbackNotice>}
      <div className={grid}>
        {query.isPending
          ? Array.from({ length: FASHION_BY_SHOW_SHOWS }, (_, i) => (
              <div key={i}>
                <Skeleton className="aspect-square w-full rounded-full" />
                <Skeleton className="mx-auto mt-2 h-3 w-3/4" />
              </div>
            ))
          : shows.map((show) => (
              <Link
                key={show._id}
                to={`/Fashion?${new URLSearchParams({ show: show.name })}`}
                className="group block text-center"
              >
                <SafeImage
                  src={show.mediumImage ?? show.originalImage}
                  alt={show.name}
                  loading="lazy"
                  className="aspect-square w-full rounded-full ring-2 ring-transparent transition group-hover:ring-gold"
                />
                {/* the whole name: eight 'The Real Housewives of ...' cut at two lines look alike */}
                <span
                  className="mt-2 block text-xs font-semibold break-words sm:text-sm"
                  data-testid="show-name"
                >
                  {show.name}
                </span>
                <span className="block text-xs text-neutral-500">
                  {show.postCount} {show.postCount === 1 ? 'post' : 'posts'}
                </span>
              </Link>
            ))}
      </div>
    </section>
  );
}
