import { usePosts } from '../../../lib/catalog/posts.ts';
import { useTrendingCelebrities } from '../../../lib/catalog/people-and-shows.ts';
import { celebritiesOf } from '../celebrity-numbers.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { SectionHeading, FallbackNotice } from '../../../components/ui/section-heading.tsx';
import {
  CELEBRITY_DIRECTORY_SIZE,
  REAL_HOUSEWIVES_POSTS,
  REAL_HOUSEWIVES_SHOW,
} from '../../../config/constants.ts';
import { FALLBACK_CELEBRITIES } from '../../../lib/fallback-data.ts';
import { CelebrityTile } from './celebrity-tile.tsx';

/** storefront.md §2 Home: Real Housewives grid (4 on phones), §7: 9 posts fetched. */
export function RealHousewives() {
  // the catalog's show filter selects every show containing 'Real Housewives' (storefront.md §4)
  const posts = usePosts({
    page: 1,
    limit: REAL_HOUSEWIVES_POSTS,
    show: REAL_HOUSEWIVES_SHOW,
    sort: 'createdAt',
    order: 'desc',
  });
  // pictures and counts are the celebrities' own (the directory), not the 9 posts' photos and tallies
  const directory = useTrendingCelebrities(CELEBRITY_DIRECTORY_SIZE);
  const failed = posts.isError || directory.isError;
  const pending = !failed && (posts.isPending || directory.isPending);
  const celebrities = failed
    ? FALLBACK_CELEBRITIES
    : celebritiesOf(posts.data?.posts ?? [], directory.data ?? []);
  const grid = 'grid grid-cols-2 gap-5 sm:grid-cols-3 md:grid-cols-6';
  return (
    <section className="bg-neutral-50 py-14" aria-label="Real Housewives">
      <div className="mx-auto max-w-7xl px-4 md:px-6">
        <SectionHeading
          title="Real Housewives"
          eyebrow="Drama, diamonds, designer"
          links={[
            {
              to: `/Fashion?${new URLSearchParams({ show: REAL_HOUSEWIVES_SHOW })}`,
              label: 'See More Housewives',
            },
          ]}
        />
        {failed && <FallbackNotice>Failed to load Real Housewives data. Using fallback data.</FallbackNotice>}
        {pending ? (
          <div className={grid}>
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className={i >= 4 ? 'hidden sm:block' : ''}>
                <Skeleton className="aspect-square w-full rounded-full" />
                <Skeleton className="mx-auto mt-3 h-4 w-3/4" />
              </div>
            ))}
          </div>
        ) : celebrities.length === 0 ? (
          <p className="py-8 text-center text-neutral-500">No trending celebrities found</p>
        ) : (
          <div className={grid}>
            {celebrities.slice(0, 6).map((c, i) => (
              // §2: 4 on phones
              <div key={c.name} className={i >= 4 ? 'hidden sm:block' : ''}>
                <CelebrityTile {...c} />
              </div>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
