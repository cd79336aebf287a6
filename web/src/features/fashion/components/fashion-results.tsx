import { useEffect, useRef } from 'react';
import type { PublicPost } from '@celebstyle/contracts';
import { PostCard, PostCardSkeleton } from '../../../components/post-card.tsx';
import { FASHION_CHUNK, FASHION_SCROLL_TRIGGER_PX } from '../../../config/constants.ts';

const UNLIMITED_PX = 1_000_000;

type Props = {
  posts: PublicPost[];
  layout: 'grid' | 'list';
  loading: boolean;
  hasNextPage: boolean;
  fetchingNext: boolean;
  /** While a failed chunk's message shows, scrolling does not ask again (it would fail in a loop). */
  paused?: boolean;
  onLoadMore: () => void;
};

/** Grid or list with infinite scroll: the next 30 load when the end is 800 px away (storefront.md §4, §9). */
export function FashionResults({
  posts,
  layout,
  loading,
  hasNextPage,
  fetchingNext,
  paused = false,
  onLoadMore,
}: Props) {
  const sentinel = useRef<HTMLDivElement>(null);
  const loadMore = useRef(onLoadMore);
  useEffect(() => {
    loadMore.current = onLoadMore;
  });
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || fetchingNext || paused) return;
    // The root reaches up without limit: after a jump straight to the bottom (End key, a dragged
    // scrollbar) a phone's footer is taller than the screen and the end of the list is above the
    // viewport, which must count as reached, not as out of sight.
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && loadMore.current(),
      {
        rootMargin: `${UNLIMITED_PX}px 0px ${FASHION_SCROLL_TRIGGER_PX}px 0px`,
      },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, fetchingNext, paused, posts.length]);

  const grid =
    layout === 'grid'
      ? 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4'
      : 'grid grid-cols-1 gap-3 md:grid-cols-2';
  return (
    <>
      <div className={grid} data-testid="fashion-results" data-count={posts.length}>
        {loading
          ? Array.from({ length: 8 }, (_, i) => <PostCardSkeleton key={i} />)
          : posts.map((post, i) => (
              <PostCard
                key={post._id}
                post={post}
                layout={layout}
                failedLabel="Image unavailable"
                priority={i < 2}
              />
            ))}
        {fetchingNext &&
          Array.from({ length: Math.min(4, FASHION_CHUNK) }, (_, i) => (
            <PostCardSkeleton key={`next-${i}`} />
          ))}
      </div>
      <div ref={sentinel} aria-hidden className="h-px" />
    </>
  );
}
