import { useState } from 'react';
import { usePosts } from '../../../lib/catalog/posts.ts';
import { useMediaQuery, minWidth } from '../../../lib/use-media-query.ts';
import { PostCard, PostCardSkeleton } from '../../../components/post-card.tsx';
import { SectionHeading, FallbackNotice } from '../../../components/ui/section-heading.tsx';
import {
  BREAKPOINT_SM,
  HOME_SKELETON_CARDS,
  HOME_SKELETON_CARDS_MOBILE,
  LATEST_ARRIVALS,
  LATEST_ARRIVALS_MOBILE,
} from '../../../config/constants.ts';
import { FALLBACK_POSTS } from '../../../lib/fallback-data.ts';
import type { PublicPost } from '@celebstyle/contracts';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** §2: the text filter looks at title, celebrity, show, brand and productType (case-insensitive). */
export function matchesText(post: PublicPost, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [post.title, post.celebrity, post.show, post.brand, post.productType].some((f) =>
    f?.toLowerCase().includes(t),
  );
}

/** A card of the home page leads with its image: a post without one is not shown there. */
export const hasImage = (post: Pick<PublicPost, 'mainImage' | 'enhancedImage'>): boolean =>
  Boolean(post.enhancedImage?.trim() || post.mainImage?.trim());

/**
 * storefront.md §2 Home: Latest Arrivals, 8 posts (6 under 640 px). Its text box filters the cards
 * shown here (and says so); the whole catalogue is one link away.
 */
export function LatestArrivals() {
  const wide = useMediaQuery(minWidth(BREAKPOINT_SM));
  const [filter, setFilter] = useState('');
  const latest = usePosts({ page: 1, limit: LATEST_ARRIVALS, sort: 'createdAt', order: 'desc' });
  const shown = wide ? LATEST_ARRIVALS : LATEST_ARRIVALS_MOBILE;
  // The fallback cards (catalog down) have no images by design: they are shown as they are.
  const source = latest.isError ? FALLBACK_POSTS : (latest.data?.posts ?? []).filter(hasImage);
  const arrivals = source.slice(0, shown);
  const posts = arrivals.filter((p) => matchesText(p, filter));
  const term = filter.trim();
  const grid = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 md:px-6" aria-labelledby="latest-arrivals">
      <SectionHeading
        title="Latest Arrivals"
        eyebrow="Just in"
        links={[{ to: '/Fashion?filter=latest', label: 'See More Outfits' }]}
      >
        <label className="w-full sm:w-64">
          <span className="sr-only">Filter the latest arrivals shown here</span>
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Filter these by title, celebrity, show..."
            className="h-10 w-full rounded-full border border-neutral-300 px-4 text-sm focus:border-ink focus:outline-none"
          />
        </label>
      </SectionHeading>
      <span id="latest-arrivals" className="sr-only">
        Latest Arrivals
      </span>
      {term && !latest.isPending && (
        <p className="mb-4 text-sm text-neutral-600" aria-live="polite">
          {`Showing ${posts.length} of the ${arrivals.length} latest arrivals. `}
          <Link to={paths.fashion({ search: term })} className="font-medium underline underline-offset-4">
            {`Search all products for “${term}”`}
          </Link>
        </p>
      )}
      {latest.isError && (
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <FallbackNotice>Failed to load products. Please try again.</FallbackNotice>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mb-4 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white"
          >
            Try Again
          </button>
        </div>
      )}
      {latest.isPending ? (
        <div className={grid}>
          {Array.from({ length: wide ? HOME_SKELETON_CARDS : HOME_SKELETON_CARDS_MOBILE }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </div>
      ) : posts.length ? (
        <div className={grid}>
          {posts.map((post, i) => (
            <PostCard
              key={post._id}
              post={post}
              priority={i < 2}
              to={latest.isError ? '/fashion' : undefined}
            />
          ))}
        </div>
      ) : (
        <p className="py-10 text-center text-neutral-500">No products found</p>
      )}
    </section>
  );
}
