import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicPost } from '@celebstyle/contracts';
import { PostCard, PostCardSkeleton } from '../../../components/post-card.tsx';

type Props = {
  title: string;
  posts: PublicPost[] | undefined;
  loading: boolean;
  skeletons: number;
  viewAll?: { to: string; label: string };
  /** Replaces the grid when there is nothing to show (error or empty). */
  fallback?: ReactNode;
  gridClass?: string;
};

export function PostGridSection({ title, posts, loading, skeletons, viewAll, fallback, gridClass }: Props) {
  const grid = gridClass ?? 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4';
  return (
    <section className="mt-14" aria-label={title}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 className="font-display text-2xl">{title}</h2>
        {viewAll && (
          <Link to={viewAll.to} className="shrink-0 text-sm font-semibold underline-offset-4 hover:underline">
            {viewAll.label}
          </Link>
        )}
      </div>
      {loading ? (
        <div className={grid}>
          {Array.from({ length: skeletons }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </div>
      ) : posts && posts.length > 0 ? (
        <div className={grid}>
          {posts.map((post) => (
            <PostCard key={post._id} post={post} />
          ))}
        </div>
      ) : (
        fallback
      )}
    </section>
  );
}
