import { useEffect, useState } from 'react';
import type { PostFacets } from '../../../lib/catalog/posts.ts';
import { EMPTY_FILTERS, type FilterState } from '../../../lib/saved-filters.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../config/constants.ts';
import { isShowOption } from '../filter-params.ts';
import { FacetGroup, toggleName } from './facet-group.tsx';
import { PriceRange } from './price-range.tsx';

type FilterPanelProps = {
  filters: FilterState;
  facets: Partial<PostFacets> | undefined;
  onChange: (next: FilterState) => void;
};

/** storefront.md §2 Fashion listing filter sidebar (and the mobile toggle panel's content). */
export function FilterPanel({ filters, facets, onChange }: FilterPanelProps) {
  const [search, setSearch] = useState(filters.search);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // the box follows the URL when another part of the page (chips, Clear All, header) changes it
  const [seen, setSeen] = useState(filters.search);
  if (seen !== filters.search) {
    setSeen(filters.search);
    if (search.trim() !== filters.search) setSearch(filters.search);
  }
  useEffect(() => {
    if (debounced.trim() !== filters.search) onChange({ ...filters, search: debounced.trim() });
    // only the debounced text drives this
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const set = (patch: Partial<FilterState>) => onChange({ ...filters, ...patch });
  return (
    <div>
      <label className="block pb-4">
        <span className="mb-2 block text-xs font-semibold tracking-[0.2em] uppercase">Search</span>
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Title, celebrity, show, brand..."
          className="h-10 w-full rounded-full border border-neutral-300 px-4 text-sm focus:border-ink focus:outline-none"
        />
      </label>
      <div className="flex gap-2 pb-4">
        <button
          type="button"
          aria-pressed={filters.topPicks}
          onClick={() => set({ topPicks: !filters.topPicks, latestDrops: false })}
          className={`rounded-full px-4 py-2 text-xs font-semibold ring-1 ${filters.topPicks ? 'bg-ink text-white ring-ink' : 'ring-neutral-300'}`}
        >
          Top Picks
        </button>
        <button
          type="button"
          aria-pressed={filters.latestDrops}
          onClick={() =>
            set({
              latestDrops: !filters.latestDrops,
              topPicks: false,
              sortBy: !filters.latestDrops ? 'newest' : filters.sortBy,
            })
          }
          className={`rounded-full px-4 py-2 text-xs font-semibold ring-1 ${filters.latestDrops ? 'bg-ink text-white ring-ink' : 'ring-neutral-300'}`}
        >
          Latest Drops
        </button>
      </div>
      <PriceRange
        minPrice={filters.minPrice}
        maxPrice={filters.maxPrice}
        onChange={(bounds) => set(bounds)}
      />
      <FacetGroup
        title="Shows"
        options={(facets?.shows ?? []).filter((f) => isShowOption(f.name))}
        selected={filters.show}
        loading={!facets}
        onToggle={(name) => set({ show: toggleName(filters.show, name) })}
      />
      <FacetGroup
        title="Celebrities"
        options={facets?.celebrities ?? []}
        selected={filters.celebrity}
        loading={!facets}
        onToggle={(name) => set({ celebrity: toggleName(filters.celebrity, name) })}
      />
      <FacetGroup
        title="Brands"
        options={facets?.brands ?? []}
        selected={filters.brand}
        loading={!facets}
        onToggle={(name) => set({ brand: toggleName(filters.brand, name) })}
      />
      <FacetGroup
        title="Product Types"
        options={facets?.productTypes ?? []}
        selected={filters.product}
        loading={!facets}
        onToggle={(name) => set({ product: toggleName(filters.product, name) })}
      />
      <button
        type="button"
        onClick={() => onChange({ ...EMPTY_FILTERS, sortBy: filters.sortBy })}
        className="mt-2 w-full rounded-full py-2.5 text-sm font-semibold ring-1 ring-neutral-300 hover:bg-neutral-50"
      >
        Clear All
      </button>
    </div>
  );
}
