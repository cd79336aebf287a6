import { Breadcrumb } from '../../../components/ui/breadcrumb.tsx';
import { useState } from 'react';
import { SORT_OPTIONS, type FilterState, type SortBy } from '../../../lib/saved-filters.ts';
import { Seo } from '../../../components/seo.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { EmptyResult } from '../../../components/ui/empty-result.tsx';
import { useFashionPosts } from '../api/get-fashion-posts.ts';
import { activeFilterCount, postQueryFromFilters } from '../filter-params.ts';
import { useFashionFilters } from './use-fashion-filters.ts';
import { FilterPanel } from './filter-panel.tsx';
import { MobileFilters } from './mobile-filters.tsx';
import { FashionResults } from './fashion-results.tsx';
import { toggleName } from './facet-group.tsx';
import { useLoadMoreError } from '../../../lib/use-load-more-error.ts';
import { LoadMoreError } from '../../../components/ui/load-more-error.tsx';

export const SORT_LABELS: Record<SortBy, string> = {
  featured: 'Featured',
  newest: 'New Arrivals',
  popular: 'Best Sellers',
  'name-az': 'Alphabetical',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
};

/** 'Price 10–100', 'Price from 10', 'Price up to 100': amounts in each card's own currency. */
function priceChipLabel({ minPrice, maxPrice }: FilterState): string {
  if (minPrice !== null && maxPrice !== null) return `Price ${minPrice}–${maxPrice}`;
  return minPrice !== null ? `Price from ${minPrice}` : `Price up to ${maxPrice}`;
}

function chips(filters: FilterState) {
  const list: { label: string; remove: (f: FilterState) => FilterState }[] = [];
  if (filters.topPicks) list.push({ label: 'Top Picks', remove: (f) => ({ ...f, topPicks: false }) });
  if (filters.latestDrops)
    list.push({ label: 'Latest Drops', remove: (f) => ({ ...f, latestDrops: false }) });
  if (filters.search) list.push({ label: `“${filters.search}”`, remove: (f) => ({ ...f, search: '' }) });
  if (filters.minPrice !== null || filters.maxPrice !== null)
    list.push({ label: priceChipLabel(filters), remove: (f) => ({ ...f, minPrice: null, maxPrice: null }) });
  for (const key of ['show', 'celebrity', 'brand', 'product'] as const)
    for (const name of filters[key])
      list.push({ label: name, remove: (f) => ({ ...f, [key]: toggleName(f[key], name) }) });
  return list;
}

/** The listing's title names what it is filtered to, so each filtered listing is a page of its own. */
function fashionTitle(filters: FilterState): string {
  const named = [
    ...(filters.search ? [`“${filters.search}”`] : []),
    ...filters.show,
    ...filters.celebrity,
    ...filters.brand,
    ...filters.product,
  ];
  if (named.length === 0) return filters.topPicks ? 'Top Picks Fashion' : 'Fashion Collection';
  return `${named.slice(0, 3).join(', ')}${named.length > 3 ? ' and more' : ''} Fashion`;
}

/** storefront.md §2 Fashion listing (Shop All). */
export function FashionPage() {
  const { filters, update } = useFashionFilters();
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const query = useFashionPosts(postQueryFromFilters(filters));
  const [moreError, reportMoreError] = useLoadMoreError();
  const pages = query.data?.pages ?? [];
  const posts = pages.flatMap((p) => p.posts);
  const total = pages[0]?.pagination.totalPosts;
  const facets = pages[0]?.facets;
  const count = activeFilterCount(filters);
  const panel = <FilterPanel filters={filters} facets={facets} onChange={update} />;
  const active = chips(filters);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:px-6 md:py-8">
      <Seo
        title={fashionTitle(filters)}
        description={
          count > 0
            ? `Shop ${fashionTitle(filters)}: celebrity outfits from your favorite TV shows, ready to buy.`
            : 'Shop every celebrity outfit from your favorite TV shows: filter by show, celebrity, brand and product type.'
        }
      />
      <Breadcrumb
        items={[{ label: 'Home', to: '/' }, { label: 'Fashion', to: '/fashion' }, { label: 'All Items' }]}
      />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <h1 className="font-display text-3xl md:text-4xl">
          Fashion Collection{' '}
          <span className="align-middle font-sans text-base text-neutral-500" data-testid="item-count">
            {total === undefined ? '\u00a0' : `${total} ${total === 1 ? 'Item' : 'Items'}`}
          </span>
        </h1>
        <div className="flex flex-wrap items-center gap-2">
          <MobileFilters count={count} total={total}>
            {panel}
          </MobileFilters>
          <label className="relative">
            <span className="sr-only">Sort by</span>
            <select
              value={filters.sortBy}
              onChange={(e) => update({ ...filters, sortBy: e.target.value as SortBy })}
              className="h-10 appearance-none rounded-full bg-white pr-9 pl-4 text-sm font-semibold ring-1 ring-neutral-300 focus:ring-ink focus:outline-none"
            >
              {SORT_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
            <span
              aria-hidden
              className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 text-xs"
            >
              ▾
            </span>
          </label>
          <div className="flex rounded-full ring-1 ring-neutral-300" role="group" aria-label="Layout">
            {(['grid', 'list'] as const).map((l) => (
              <button
                key={l}
                type="button"
                aria-pressed={layout === l}
                aria-label={l === 'grid' ? 'Grid view' : 'List view'}
                onClick={() => setLayout(l)}
                className={`flex h-10 w-10 items-center justify-center rounded-full ${layout === l ? 'bg-ink text-white' : ''}`}
              >
                {l === 'grid' ? '▦' : '☰'}
              </button>
            ))}
          </div>
        </div>
      </div>

      <div className="mt-6 lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
        <aside className="hidden lg:block" aria-label="Filters">
          {panel}
        </aside>
        <section aria-label="Results" className="min-w-0">
          {active.length > 0 && (
            <div className="mb-4 flex flex-wrap items-center gap-2">
              {active.map((chip) => (
                <button
                  key={chip.label}
                  type="button"
                  onClick={() => update(chip.remove(filters))}
                  className="inline-flex items-center gap-1 rounded-full bg-neutral-100 px-3 py-1.5 text-xs font-medium hover:bg-neutral-200"
                >
                  {/* the name contains the visible text: 'Remove filter Top Picks' */}
                  <span className="sr-only">Remove filter </span>
                  {chip.label} <span aria-hidden>×</span>
                </button>
              ))}
              <button
                type="button"
                onClick={() =>
                  update({
                    ...filters,
                    show: [],
                    celebrity: [],
                    brand: [],
                    product: [],
                    category: [],
                    topPicks: false,
                    latestDrops: false,
                    search: '',
                  })
                }
                className="text-xs font-semibold underline underline-offset-4"
              >
                Clear All
              </button>
            </div>
          )}
          {query.isError && !query.data ? (
            <LoadFailed message="Failed to load products. Please try again." />
          ) : !query.isPending && posts.length === 0 ? (
            <EmptyResult title="No products found" hint="Try adjusting your filters or search term" />
          ) : (
            <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
              <FashionResults
                posts={posts}
                layout={layout}
                loading={query.isPending}
                hasNextPage={query.hasNextPage}
                fetchingNext={query.isFetchingNextPage}
                paused={moreError !== null}
                onLoadMore={() =>
                  void query.fetchNextPage().then((r) => r.isFetchNextPageError && reportMoreError(r.error))
                }
              />
              <LoadMoreError message={moreError} />
              {!query.isPending && !query.hasNextPage && posts.length > 0 && (
                <div className="py-12 text-center">
                  <p className="font-display text-xl">You've discovered our entire collection</p>
                  <p className="mt-1 text-sm text-neutral-500">Check back soon for new arrivals</p>
                </div>
              )}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
