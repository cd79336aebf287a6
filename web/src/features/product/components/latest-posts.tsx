import { Link } from 'react-router';
import { usePosts } from '../../../lib/catalog/posts.ts';
import { useMediaQuery, minWidth } from '../../../lib/use-media-query.ts';
import {
  BREAKPOINT_MD,
  RECENT_OUTFITS_DESKTOP,
  RECENT_OUTFITS_FETCHED,
  RECENT_OUTFITS_MOBILE,
} from '../../../config/constants.ts';
import { PostGridSection } from './post-grid-section.tsx';

/** storefront.md §2 'More of the Latest': 24 fetched; 8 shown on mobile, 12 on desktop (§9). */
export function LatestPosts({ excludeId }: { excludeId: string }) {
  const desktop = useMediaQuery(minWidth(BREAKPOINT_MD));
  const latest = usePosts({ page: 1, limit: RECENT_OUTFITS_FETCHED, sort: 'createdAt', order: 'desc' });
  const shown = desktop ? RECENT_OUTFITS_DESKTOP : RECENT_OUTFITS_MOBILE;
  const posts = latest.data?.posts.filter((p) => p._id !== excludeId).slice(0, shown);
  return (
    <PostGridSection
      title="More of the Latest"
      posts={posts}
      loading={latest.isPending}
      skeletons={shown}
      viewAll={{ to: '/Fashion', label: 'See More Outfits' }}
      fallback={
        <div className="rounded-xl bg-neutral-50 p-8 text-center">
          <p className="text-neutral-600">
            {latest.isError ? 'Failed to load recent outfits' : 'No recent outfits available'}
          </p>
          <Link to="/fashion" className="mt-3 inline-block text-sm font-semibold underline">
            Browse All Outfits
          </Link>
        </div>
      }
    />
  );
}
