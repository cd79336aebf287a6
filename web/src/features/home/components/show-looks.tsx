import { useQuery } from '@tanstack/react-query';
import type { Show } from '@celebstyle/contracts';
import { useShows } from '../../../lib/catalog/shows.ts';
import { getShowPostsQueryOptions } from '../../../lib/catalog/people-and-shows.ts';
import { Carousel } from '../../../components/ui/carousel.tsx';
import { PostCard, PostCardSkeleton } from '../../../components/post-card.tsx';
import { SectionHeading, FallbackNotice } from '../../../components/ui/section-heading.tsx';
import {
  POPULAR_SHOW_MIN_POSTS,
  POPULAR_SHOW_SECTIONS,
  POPULAR_SHOWS_POOL,
  RELATED_FETCHED,
} from '../../../config/constants.ts';
import { FALLBACK_POSTS, FALLBACK_SHOWS } from '../../../lib/fallback-data.ts';

/** §7: the first 20 shows by count, keep those with at least 5 posts, take 3 (else the first 3). */
export function pickPopularShows(shows: Show[]): Show[] {
  const pool = shows.slice(0, POPULAR_SHOWS_POOL);
  const qualified = pool.filter((s) => s.postCount >= POPULAR_SHOW_MIN_POSTS);
  return (qualified.length ? qualified : pool).slice(0, POPULAR_SHOW_SECTIONS);
}

/** The words of the hashtag of a show name: 'Emily in Paris' → ['Emily', 'In', 'Paris'] (#EmilyInParis). */
export function showHashtagWords(name: string): string[] {
  return name
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1));
}

/**
 * '#TheRealHousewivesOfNewYorkCity' is one long word: a phone may break it between its words
 * (<wbr>) rather than widen the page.
 */
function ShowHashtag({ name }: { name: string }) {
  const words = showHashtagWords(name);
  return (
    <>
      #
      {words.map((w, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          {w}
        </span>
      ))}
    </>
  );
}

const SLIDE = 'basis-1/2 md:basis-1/3 lg:basis-1/4';

/** The sample looks of a show (all samples when it has none), shown when its real looks cannot be. */
function fallbackPostsOf(show: Show) {
  const own = FALLBACK_POSTS.filter((p) => p.show === show.name);
  return own.length ? own : FALLBACK_POSTS;
}

function SampleCarousel({ show }: { show: Show }) {
  return (
    <Carousel label={show.name} slideClass={SLIDE}>
      {fallbackPostsOf(show).map((post) => (
        <PostCard key={post._id} post={post} to="/fashion" />
      ))}
    </Carousel>
  );
}

function ShowLooksCarousel({ show }: { show: Show }) {
  const sample = show._id.startsWith('fallback-');
  const posts = useQuery({
    ...getShowPostsQueryOptions(show.name, 1, RELATED_FETCHED),
    enabled: !sample,
  });
  const count = posts.data?.pagination.totalPosts ?? show.postCount;
  const viewAll = `/Fashion?${new URLSearchParams({ show: show.name })}`;
  return (
    <div className="py-8">
      <SectionHeading
        title={
          <>
            <ShowHashtag name={show.name} /> {`(${count} ${count === 1 ? 'look' : 'looks'})`}
          </>
        }
        links={[
          { to: viewAll, label: 'View All' },
          { to: '/shows', label: 'View All Shows' },
        ]}
      />
      {sample ? (
        <SampleCarousel show={show} />
      ) : posts.isError ? (
        <>
          <FallbackNotice>{`Failed to load ${show.name} data.`}</FallbackNotice>
          <SampleCarousel show={show} />
        </>
      ) : posts.isPending && posts.fetchStatus !== 'idle' ? (
        <Carousel label={show.name} slideClass={SLIDE} showDots={false}>
          {Array.from({ length: 4 }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </Carousel>
      ) : (
        <Carousel label={show.name} slideClass={SLIDE}>
          {(posts.data?.posts ?? []).map((post) => (
            <PostCard key={post._id} post={post} />
          ))}
        </Carousel>
      )}
    </div>
  );
}

/** storefront.md §2 Home: show looks carousels titled with a hashtag of the show name and the look count. */
export function ShowLooks() {
  const query = useShows({ page: 1, limit: POPULAR_SHOWS_POOL, sort: 'postCount' });
  if (query.isPending) return <div className="min-h-[28rem]" aria-hidden />;
  const shows = pickPopularShows(query.isError ? FALLBACK_SHOWS : (query.data?.shows ?? []));
  return (
    <section className="mx-auto max-w-7xl px-4 pb-14 md:px-6" aria-label="Show looks">
      {query.isError && <FallbackNotice tone="yellow">Using fallback data due to API error</FallbackNotice>}
      {shows.map((show) => (
        <ShowLooksCarousel key={show._id} show={show} />
      ))}
    </section>
  );
}
