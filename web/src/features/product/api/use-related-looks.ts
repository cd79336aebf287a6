import { useQuery } from '@tanstack/react-query';
import { toSlug } from '@celebstyle/slugs';
import type { PublicPost } from '@celebstyle/contracts';
import {
  getCanonicalShowQueryOptions,
  getCelebrityPostsQueryOptions,
  getShowPostsQueryOptions,
} from '../../../lib/catalog/people-and-shows.ts';
import { RELATED_FETCHED } from '../../../config/constants.ts';

/**
 * The posts of a post's celebrity and of its show (8 fetched, storefront.md §9). The related grids
 * and the similar looks of an item that is no longer available read the same queries, so a product
 * page asks for each only once.
 */
export function useRelatedLooks(post: Pick<PublicPost, 'celebrity' | 'show'>) {
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
  return {
    celebrity: {
      posts: byCelebrity.data?.posts,
      // a disabled query stays pending: with no celebrity there is nothing to wait for
      loading: celebritySlug !== '' && byCelebrity.isPending,
    },
    show: {
      name: showName,
      posts: byShow.data?.posts,
      loading: post.show !== '' && (canonical.isPending || byShow.isPending),
    },
  };
}
