import { useQuery } from '@tanstack/react-query';
import { toSlug } from '@celebstyle/slugs';
import type { PublicPost } from '@celebstyle/contracts';
import {
  getCanonicalShowQueryOptions,
  getCelebrityPostsQueryOptions,
  getShowPostsQueryOptions,
} from '../../../lib/catalog/people-and-shows.ts';
import { RELATED_FETCHED, RELATED_KEPT } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { PostGridSection } from './post-grid-section.tsx';

const others = (posts: PublicPost[] | undefined, id: string) =>
  posts?.filter((p) => p._id !== id).slice(0, RELATED_KEPT);

/** storefront.md §2: 'More from {celebrity}' and 'More from {show}' (8 fetched, 6 kept, §9). */
export function RelatedPosts({ post }: { post: PublicPost }) {
  const celebritySlug = toSlug(post.celebrity);
  const byCelebrity = useQuery({
    ...getCelebrityPostsQueryOptions(celebritySlug, 1, RELATED_FETCHED),
    enabled: celebritySlug !== '',
  });
  // §2: related show posts load only after the show's canonical name lookup finishes
  const canonical = useQuery({ ...getCanonicalShowQueryOptions(post.show), enabled: post.show !== '' });
  const showName = canonical.data?.name ?? post.show;
  const byShow = useQuery({
    ...getShowPostsQueryOptions(showName, 1, RELATED_FETCHED),
    enabled: post.show !== '' && !canonical.isPending,
  });
  const celebrityPosts = others(byCelebrity.data?.posts, post._id);
  const showPosts = others(byShow.data?.posts, post._id);
  return (
    <>
      {post.celebrity && (byCelebrity.isPending || (celebrityPosts?.length ?? 0) > 0) && (
        <PostGridSection
          title={`More from ${post.celebrity}`}
          posts={celebrityPosts}
          loading={byCelebrity.isPending}
          skeletons={4}
          viewAll={{ to: paths.fashion({ celebrity: post.celebrity }), label: 'View All' }}
          gridClass="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4"
        />
      )}
      {post.show && (canonical.isPending || byShow.isPending || (showPosts?.length ?? 0) > 0) && (
        <PostGridSection
          title={`More from ${showName}`}
          posts={showPosts}
          loading={canonical.isPending || byShow.isPending}
          skeletons={4}
          viewAll={{ to: paths.fashion({ show: showName }), label: 'View All' }}
        />
      )}
    </>
  );
}
