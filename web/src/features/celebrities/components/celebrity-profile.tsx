import { Breadcrumb } from '../../../components/ui/breadcrumb.tsx';
import { useNavigate, useParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { slugToDisplayName } from '@celebstyle/slugs';
import type { CelebrityProfileAnswer } from '@celebstyle/contracts';
import { apiGet, ApiError, CRITICAL_QUERY_META } from '../../../lib/api-client.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { PostCard, PostCardSkeleton } from '../../../components/post-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Seo } from '../../../components/seo.tsx';
import { ProfileNotFound } from '../../../components/profile-not-found.tsx';
import { LookCounts } from '../../../components/look-counts.tsx';
import { CELEBRITY_BATCH, CELEBRITY_FIRST_POSTS, CELEBRITY_TOP_PICKS } from '../../../config/constants.ts';
import { useLoadMoreError } from '../../../lib/use-load-more-error.ts';
import { LoadMoreError } from '../../../components/ui/load-more-error.tsx';

/**
 * storefront.md §2 Celebrity profile. Pages are asked in steps of 8 so that the first 8 and the
 * later batches of 16 (two steps at a time) never skip or repeat a post (§9).
 */
function useCelebrityProfile(slug: string) {
  return useInfiniteQuery({
    queryKey: ['celebrities', 'profile-pages', slug],
    queryFn: ({ pageParam, signal }) =>
      apiGet<CelebrityProfileAnswer>(
        `/posts/celebrity/${encodeURIComponent(slug)}`,
        { page: pageParam, limit: CELEBRITY_FIRST_POSTS },
        signal,
      ),
    initialPageParam: 1,
    meta: CRITICAL_QUERY_META,
    getNextPageParam: (last) => (last.pagination.hasNextPage ? last.pagination.currentPage + 1 : undefined),
  });
}

export function CelebrityProfilePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const profile = useCelebrityProfile(slug);
  const [loadError, reportLoadError] = useLoadMoreError();

  const name = profile.data?.pages[0]?.celebrity.name ?? slugToDisplayName(slug);
  if (profile.isPending) return <Spinner label="Loading celebrity" />;
  // a failed 'See More' page leaves the query in error with its data kept: only a failed first
  // page is 'Celebrity Not Found' (§4, §8)
  if (!profile.data) {
    const missing = profile.error instanceof ApiError;
    return (
      <ProfileNotFound
        title="Celebrity Not Found"
        name={name}
        message={
          missing
            ? `We couldn't find any fashion content for "${name}". They may not be in our database yet.`
            : 'Failed to load celebrity profile'
        }
        browseTo="/celebrity"
        browseLabel="Browse All Celebrities"
        missing={profile.error instanceof ApiError && profile.error.status < 500}
      />
    );
  }
  const first = profile.data.pages[0]!;
  const celebrity = first.celebrity;
  const posts = profile.data.pages.flatMap((p) => p.posts);
  const total = first.pagination.totalPosts;
  const remaining = Math.max(0, total - posts.length);

  async function seeMore() {
    if (profile.isFetchingNextPage || !profile.hasNextPage) return; // §4: blocked while loading or at the end
    try {
      for (let i = 0; i < CELEBRITY_BATCH / CELEBRITY_FIRST_POSTS; i++) {
        const result = await profile.fetchNextPage();
        if (result.isError) throw result.error;
        if (!result.hasNextPage) break;
      }
    } catch (error) {
      reportLoadError(error);
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:px-6">
      <Seo
        title={`${celebrity.name} Outfits`}
        description={celebrity.description ?? `Shop the looks of ${celebrity.name}.`}
      />
      <div className="flex items-center gap-4 text-sm">
        <button
          type="button"
          onClick={() => navigate(-1)}
          className="h-9 rounded-full px-3 ring-1 ring-neutral-300"
        >
          ← Back
        </button>
        <Breadcrumb
          items={[
            { label: 'Home', to: '/' },
            { label: 'Celebrities', to: '/celebrity' },
            { label: celebrity.name },
          ]}
        />
      </div>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        <SafeImage
          src={celebrity.profileImage}
          alt={celebrity.name}
          className="aspect-square w-36 shrink-0 rounded-full"
        />
        <div>
          <h1 className="font-display text-4xl">{celebrity.name}</h1>
          {celebrity.description && (
            <p className="mt-2 max-w-2xl text-neutral-600">{celebrity.description}</p>
          )}
          <LookCounts total={celebrity.totalLooks} recent={celebrity.recentLooks} />
        </div>
      </div>
      {posts.length > 0 && (
        <section className="mt-12">
          <h2 className="mb-4 font-display text-2xl">Top Picks</h2>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
            {posts.slice(0, CELEBRITY_TOP_PICKS).map((p) => (
              <PostCard key={p._id} post={p} />
            ))}
          </div>
        </section>
      )}
      <section className="mt-12">
        <h2 className="mb-4 font-display text-2xl">Outfits</h2>
        <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
          {posts.map((p) => (
            <PostCard key={p._id} post={p} />
          ))}
          {profile.isFetchingNextPage && Array.from({ length: 4 }, (_, i) => <PostCardSkeleton key={i} />)}
        </div>
        <p className="mt-6 text-center text-sm text-neutral-500">{`Showing ${posts.length} of ${total} looks`}</p>
        <LoadMoreError message={loadError} />
        {remaining > 0 ? (
          <div className="mt-4 text-center">
            <button
              type="button"
              disabled={profile.isFetchingNextPage}
              onClick={() => void seeMore()}
              className="rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white disabled:opacity-50"
            >
              {`See More Outfits (${remaining} remaining)`}
            </button>
          </div>
        ) : (
          posts.length > 0 && (
            <p className="mt-2 text-center text-sm text-neutral-500">No more posts available</p>
          )
        )}
      </section>
    </div>
  );
}
