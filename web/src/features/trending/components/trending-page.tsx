import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getPostsQueryOptions, type PostListQuery } from '../../../lib/catalog/posts.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { PostCard, PostCardSkeleton } from '../../../components/post-card.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { clampPage } from '../../../components/ui/pagination.ts';
import { FilterSelect } from '../../../components/ui/filter-select.tsx';
import { Seo } from '../../../components/seo.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { EmptyResult } from '../../../components/ui/empty-result.tsx';
import { LoadMoreError } from '../../../components/ui/load-more-error.tsx';
import { usePageTurn } from '../../../lib/use-page-turn.ts';
import {
  SEARCH_DEBOUNCE_MS,
  TRENDING_MAX_PAGE_SLOTS,
  TRENDING_PAGE_SIZE,
} from '../../../config/constants.ts';
import { usePageParam } from '../../../lib/use-search-param.ts';

type Filters = { show: string; celebrity: string; product: string; brand: string };
const NONE: Filters = { show: '', celebrity: '', product: '', brand: '' };

/** storefront.md §2 Trending (/trending): most viewed first, filters, search, 9 per page, ≤ 7 page slots. */
export function TrendingPage() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const [search, setSearch] = useState('');
  const [page, setPage] = usePageParam();
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query: PostListQuery = {
    page,
    limit: TRENDING_PAGE_SIZE,
    sort: 'viewCount',
    order: 'desc',
    search: term || undefined,
    show: filters.show || undefined,
    celebrity: filters.celebrity || undefined,
    product: filters.product || undefined,
    brand: filters.brand || undefined,
  };
  // a new filter keeps the old grid until its answer is in; a new page turns only once loaded
  const posts = useQuery({ ...getPostsQueryOptions(query), placeholderData: keepPreviousData });
  const pages = usePageTurn((p) => getPostsQueryOptions({ ...query, page: p }), setPage);
  const pagination = posts.data?.pagination;
  const facets = posts.data?.facets;
  const set = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const names = (list: { name: string }[] | undefined) => (list ?? []).map((f) => f.name);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6">
      <Seo title="Trending" description="The celebrity outfits everyone is looking at right now." />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="font-display text-3xl md:text-4xl">Trending Now</h1>
        <Link to="/explore" className="text-sm font-semibold underline underline-offset-4">
          Explore all outfits
        </Link>
      </div>
      <div className="mt-6 grid grid-cols-2 gap-3 rounded-2xl bg-neutral-50 p-4 ring-1 ring-neutral-200 md:grid-cols-5">
        <label className="col-span-2 md:col-span-1">
          <span className="mb-1 block text-xs font-semibold tracking-[0.15em] text-neutral-500 uppercase">
            Search
          </span>
          <input
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            placeholder="Search trending..."
            className="h-10 w-full rounded-lg bg-white px-3 text-sm ring-1 ring-neutral-300 focus:ring-ink focus:outline-none"
          />
        </label>
        <FilterSelect
          label="Show"
          noun="shows"
          value={filters.show}
          options={names(facets?.shows)}
          onChange={(show) => set({ show })}
        />
        <FilterSelect
          label="Celebrity"
          noun="celebrities"
          value={filters.celebrity}
          options={names(facets?.celebrities)}
          onChange={(celebrity) => set({ celebrity })}
        />
        <FilterSelect
          label="Product Type"
          noun="product types"
          value={filters.product}
          options={names(facets?.productTypes)}
          onChange={(product) => set({ product })}
        />
        <FilterSelect
          label="Brand"
          noun="brands"
          value={filters.brand}
          options={names(facets?.brands)}
          onChange={(brand) => set({ brand })}
        />
      </div>
      {posts.isError && !posts.data ? (
        <LoadFailed className="mt-8" message="Failed to load products. Please try again." />
      ) : !posts.isPending && posts.data?.posts.length === 0 ? (
        <EmptyResult
          className="mt-8"
          title="No products found"
          hint="Try adjusting your filters or search query"
        />
      ) : (
        <div
          className={`mt-6 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 ${posts.isPlaceholderData || pages.turning ? 'opacity-60' : ''}`}
        >
          {posts.isPending
            ? Array.from({ length: TRENDING_PAGE_SIZE }, (_, i) => <PostCardSkeleton key={i} />)
            : posts.data?.posts.map((post, i) => <PostCard key={post._id} post={post} priority={i < 2} />)}
        </div>
      )}
      {pagination && (
        <Pager
          page={pagination.currentPage}
          totalPages={pagination.totalPages}
          onPage={(p) =>
            void pages
              .turnTo(clampPage(p, pagination.totalPages))
              .then((turned) => turned && window.scrollTo({ top: 0, behavior: 'smooth' }))
          }
          mode="slots"
          max={TRENDING_MAX_PAGE_SLOTS}
        />
      )}
      <LoadMoreError message={pages.error} />
    </div>
  );
}
