import type { PublicPost } from '@celebstyle/contracts';
import { RELATED_KEPT } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { useRelatedLooks } from '../api/use-related-looks.ts';
import { PostGridSection } from './post-grid-section.tsx';

const others = (posts: PublicPost[] | undefined, id: string) =>
  posts?.filter((p) => p._id !== id).slice(0, RELATED_KEPT);

/** storefront.md §2: 'More from {celebrity}' and 'More from {show}' (8 fetched, 6 kept, §9). */
export function RelatedPosts({ post }: { post: PublicPost }) {
  const related = useRelatedLooks(post);
  const celebrityPosts = others(related.celebrity.posts, post._id);
  const showPosts = others(related.show.posts, post._id);
  const showName = related.show.name;
  return (
    <>
      {post.celebrity && (related.celebrity.loading || (celebrityPosts?.length ?? 0) > 0) && (
        <PostGridSection
          title={`More from ${post.celebrity}`}
          posts={celebrityPosts}
          loading={related.celebrity.loading}
          skeletons={4}
          viewAll={{ to: paths.fashion({ celebrity: post.celebrity }), label: 'View All' }}
          gridClass="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4"
        />
      )}
      {post.show && (related.show.loading || (showPosts?.length ?? 0) > 0) && (
        <PostGridSection
          title={`More from ${showName}`}
          posts={showPosts}
          loading={related.show.loading}
          skeletons={4}
          viewAll={{ to: paths.fashion({ show: showName }), label: 'View All' }}
        />
      )}
    </>
  );
}
