import { Breadcrumb } from '../../../components/ui/breadcrumb.tsx';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { slugToDisplayName } from '@celebstyle/slugs';
import { getShowPostsQueryOptions } from '../../../lib/catalog/people-and-shows.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { PostCard } from '../../../components/post-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Seo } from '../../../components/seo.tsx';
import { plainSummary } from '../plain-summary.ts';
import { ProfileNotFound } from '../../../components/profile-not-found.tsx';
import { LookCounts } from '../../../components/look-counts.tsx';
import { usePageTurn } from '../../../lib/use-page-turn.ts';
import { LoadMoreError } from '../../../components/ui/load-more-error.tsx';
import { CELEBRITY_TOP_PICKS, SHOW_OUTFITS_PAGE_SIZE } from '../../../config/constants.ts';
import { usePageParam } from '../../../lib/use-search-param.ts';

/** storefront.md §2 Show page (/show/{name} and /shows/{name}). */
export function ShowPage() {
  const { showName = '' } = useParams();
  // §4: changing the route resets all state
  return <ShowPageContent key={showName} showName={showName} />;
}

function ShowPageContent({ showName }: { showName: string }) {
  const [page, setPage] = usePageParam();
  const answer = useQuery(getShowPostsQueryOptions(showName, page, SHOW_OUTFITS_PAGE_SIZE));
  const pages = usePageTurn((p) => getShowPostsQueryOptions(showName, p, SHOW_OUTFITS_PAGE_SIZE), setPage);
  if (answer.isPending) return <Spinner label="Loading show" />;
  if (answer.isError || !answer.data) {
    const name = slugToDisplayName(showName);
    const notFound =
      answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 400);
    return (
      <ProfileNotFound
        title="Show Not Found"
        name={name}
        message={
          notFound
            ? `We couldn't find any fashion content for "${name}". It may not be in our database yet.`
            : 'Failed to load show data'
        }
        browseTo="/shows"
        browseLabel="Browse All Shows"
        missing={notFound}
      />
    );
  }
  const { show, posts, pagination } = answer.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:px-6">
      <Seo title={`${show.name} Outfits`} description={plainSummary(show.summary, show.name).slice(0, 160)} />
      <Breadcrumb
        items={[{ label: 'Home', to: '/' }, { label: 'Shows', to: '/shows' }, { label: show.name }]}
      />
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
        <SafeImage
          src={show.mediumImage ?? show.originalImage}
          alt={show.name}
          className="aspect-square w-36 shrink-0 rounded-full"
        />
        <div>
          <h1 className="font-display text-4xl">{show.name}</h1>
          {show.network && <p className="mt-1 text-sm font-semibold text-gold-ink">{show.network}</p>}
          <p className="mt-2 max-w-2xl text-neutral-600">{plainSummary(show.summary, show.name)}</p>
          <LookCounts total={show.totalLooks} recent={show.recentLooks} />
        </div>
      </div>
      {page === 1 && posts.length > 0 && (
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
        <h2 className="mb-4 font-display text-2xl">{`${show.name} Outfits (${pagination.totalPosts} Total)`}</h2>
        {posts.length === 0 ? (
          <p className="py-10 text-center text-neutral-500">No outfits found for this show yet.</p>
        ) : (
          <div className={`grid grid-cols-2 gap-4 md:grid-cols-4 ${pages.turning ? 'opacity-60' : ''}`}>
            {posts.map((p) => (
              <PostCard key={p._id} post={p} />
            ))}
          </div>
        )}
        {pagination.totalPages > 1 && (
          <div className="mt-8 flex items-center justify-center gap-4">
            <button
              type="button"
              disabled={!pagination.hasPrevPage || pages.turning}
              onClick={() => void pages.turnTo(Math.max(1, page - 1))}
              className="rounded-full px-4 py-2 text-sm ring-1 ring-neutral-300 disabled:opacity-40"
            >
              Previous
            </button>
            <span className="text-sm">{`Page ${pagination.currentPage} of ${pagination.totalPages}`}</span>
            <button
              type="button"
              disabled={!pagination.hasNextPage || pages.turning}
              onClick={() => void pages.turnTo(Math.min(pagination.totalPages, page + 1))}
              className="rounded-full px-4 py-2 text-sm ring-1 ring-neutral-300 disabled:opacity-40"
            >
              Next
            </button>
          </div>
        )}
        <LoadMoreError message={pages.error} />
      </section>
    </div>
  );
}
