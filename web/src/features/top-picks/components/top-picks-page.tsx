import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { getPopularPostsQueryOptions, getTopPicksQueryOptions } from '../../../lib/catalog/posts.ts';
import { PostCard } from '../../../components/post-card.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { clampPage } from '../../../components/ui/pagination.ts';
import { BackToTop } from '../../../components/ui/back-to-top.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Seo } from '../../../components/seo.tsx';
import { EmptyResult } from '../../../components/ui/empty-result.tsx';
import {
  PAGER_MAX_NUMBER_BUTTONS,
  TOP_PICKS_PAGE_SIZE,
  TOP_PICKS_TOP_ITEMS,
} from '../../../config/constants.ts';
import {
  filterTopPicks,
  NO_TOP_PICKS_FILTERS,
  optionsOf,
  type TopPicksFilters,
} from '../top-picks-filters.ts';
import { FilterSelect } from '../../../components/ui/filter-select.tsx';
import { usePageParam } from '../../../lib/use-search-param.ts';

type Mode = 'editors' | 'viewed';

/** storefront.md §2 Top picks / popular list (/top-picks): the top 100, 10 per page. */
export function TopPicksPage() {
  const [mode, setMode] = useState<Mode>('editors');
  const [filters, setFilters] = useState<TopPicksFilters>(NO_TOP_PICKS_FILTERS);
  const [page, setPage] = usePageParam();
  const query = useQuery(
    mode === 'editors'
      ? getTopPicksQueryOptions(TOP_PICKS_TOP_ITEMS)
      : getPopularPostsQueryOptions(TOP_PICKS_TOP_ITEMS),
  );
  const all = query.data ?? [];
  const matching = filterTopPicks(all, filters);
  const totalPages = Math.max(1, Math.ceil(matching.length / TOP_PICKS_PAGE_SIZE));
  const current = clampPage(page, totalPages);
  const shown = matching.slice((current - 1) * TOP_PICKS_PAGE_SIZE, current * TOP_PICKS_PAGE_SIZE);
  const title = mode === 'editors' ? 'Top Picks' : 'Popular Posts';

  const set = (patch: Partial<TopPicksFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const chips = (
    [
      ['show', 'Show'],
      ['celebrity', 'Celebrity'],
      ['productType', 'Product Type'],
      ['brand', 'Brand'],
      ['search', 'Search'],
    ] as const
  ).filter(([key]) => filters[key]);
  const goTo = (p: number) => {
    setPage(clampPage(p, totalPages));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:px-6">
      <Seo
        title={title}
        description="The editor's choice and the most viewed celebrity looks, ready to shop."
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl md:text-4xl">{title}</h1>
        <div className="flex rounded-full p-1 ring-1 ring-neutral-300" role="group" aria-label="List">
          {(
            [
              ['editors', "Editor's Choice"],
              ['viewed', 'Most Viewed'],
            ] as const
          ).map(([m, label]) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => {
                setMode(m);
                setPage(1);
              }}
              className={`rounded-full px-4 py-2 text-sm font-semibold ${mode === m ? 'bg-ink text-white' : ''}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-6 rounded-2xl bg-neutral-50 p-4 ring-1 ring-neutral-200">
        <input
          type="search"
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
          placeholder="Search top picks..."
          aria-label="Search top picks"
          className="h-11 w-full rounded-full border border-neutral-300 bg-white px-4 text-sm focus:border-ink focus:outline-none"
        />
        <div className="mt-4 grid grid-cols-2 gap-3 md:grid-cols-4">
          <FilterSelect
            label="Show"
            noun="shows"
            value={filters.show}
            options={optionsOf(all, (p) => p.show)}
            onChange={(show) => set({ show })}
          />
          <FilterSelect
            label="Celebrity"
            noun="celebrities"
            value={filters.celebrity}
            options={optionsOf(all, (p) => p.celebrity)}
            onChange={(celebrity) => set({ celebrity })}
          />
          <FilterSelect
            label="Product Type"
            noun="product types"
            value={filters.productType}
            options={optionsOf(all, (p) => p.productType || 'Fashion')}
            onChange={(productType) => set({ productType })}
          />
          <FilterSelect
            label="Brand"
            noun="brands"
            value={filters.brand}
            options={optionsOf(all, (p) => p.brand)}
            onChange={(brand) => set({ brand })}
          />
        </div>
        {chips.length > 0 && (
          <div className="mt-4 flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1 text-xs font-semibold">
              Active filters
              <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1 text-[11px] text-white">
                {chips.length}
              </span>
            </span>
            {chips.map(([key, label]) => (
              <button
                key={key}
                type="button"
                onClick={() => set({ [key]: '' })}
                className="rounded-full bg-white px-3 py-1 text-xs ring-1 ring-neutral-300 hover:bg-neutral-100"
              >
                {/* the name contains the visible text: 'Remove filter Show: Bridgerton' */}
                <span className="sr-only">Remove filter </span>
                {label}: {filters[key]} <span aria-hidden>×</span>
              </button>
            ))}
            <button
              type="button"
              onClick={() => set(NO_TOP_PICKS_FILTERS)}
              className="text-xs font-semibold underline underline-offset-4"
            >
              Reset all
            </button>
          </div>
        )}
      </div>

      {query.isPending ? (
        <Spinner label="Loading top picks" />
      ) : query.isError ? (
        <div className="mt-8 rounded-xl bg-red-50 p-8 text-center">
          <p className="text-red-800">Failed to load products. Please try again.</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="mt-4 rounded-full bg-ink px-5 py-2 text-sm font-semibold text-white"
          >
            Try Again
          </button>
        </div>
      ) : matching.length === 0 ? (
        <EmptyResult
          className="mt-8"
          title="No top picks found"
          hint="Try adjusting your filters or check back later for new items"
        />
      ) : (
        <>
          <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm text-neutral-600">
            <p>{`Showing ${shown.length} of ${matching.length} top picks`}</p>
            <p>{`Page ${current} of ${totalPages}`}</p>
          </div>
          <div className="mt-4 grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-5">
            {shown.map((post, i) => (
              <PostCard key={post._id} post={post} showViewDetails priority={i < 2} />
            ))}
          </div>
          <Pager
            page={current}
            totalPages={totalPages}
            onPage={goTo}
            mode="window"
            max={PAGER_MAX_NUMBER_BUTTONS}
          />
        </>
      )}
      <BackToTop />
    </div>
  );
}
