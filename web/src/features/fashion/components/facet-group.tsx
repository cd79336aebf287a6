import { useId, useState } from 'react';
import { toSlug } from '@celebstyle/slugs';
import type { FacetCount } from '../../../lib/catalog/posts.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

const COLLAPSED = 8;

type FacetGroupProps = {
  title: string;
  options: FacetCount[];
  selected: string[];
  onToggle: (name: string) => void;
  /** The counts are on their way: rows of the final size hold the place (no layout shift). */
  loading?: boolean;
};

/**
 * Two spellings of one name, as the catalog matches them: case, punctuation and a leading 'The'
 * aside ('real-housewives-of-beverly-hills' from a link is The Real Housewives of Beverly Hills).
 */
const nameKey = (name: string) => toSlug(name).replace(/^the-/, '');
const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);
const includesName = (list: string[], name: string) => list.some((s) => sameName(s, name));

/** One checkbox list of the filter sidebar; selected values not among the options stay visible. */
function FacetGroupSkeleton() {
  return (
    <div aria-hidden>
      <Skeleton className="mb-2 h-8 w-full" />
      <ul className="space-y-1">
        {Array.from({ length: COLLAPSED }, (_, i) => (
          <li key={i} className="flex items-center gap-2 px-1 py-1">
            <Skeleton className="h-4 w-4" />
            <Skeleton className="h-5 flex-1" />
          </li>
        ))}
      </ul>
      <Skeleton className="mt-2 h-4 w-24" />
    </div>
  );
}

export function FacetGroup({ title, options, selected, onToggle, loading = false }: FacetGroupProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const extra = selected
    .filter((s) => !options.some((o) => sameName(o.name, s)))
    .map((name) => ({ name, count: 0, missing: true }));
  const all = [...extra, ...options.map((o) => ({ ...o, missing: false }))];
  const filtered = query.trim()
    ? all.filter((o) => o.name.toLowerCase().includes(query.trim().toLowerCase()))
    : all;
  const visible = expanded ? filtered : filtered.slice(0, COLLAPSED);
  return (
    // min-w-0: a fieldset is as wide as its longest line by default (min-inline-size: min-content),
    // which pushed a long name's count out of the sidebar column under the first product card.
    <fieldset className="min-w-0 border-t border-neutral-200 py-4">
      <legend className="sr-only">{title}</legend>
      <p aria-hidden className="mb-2 text-xs font-semibold tracking-[0.2em] uppercase">
        {title}
      </p>
      {loading && <FacetGroupSkeleton />}
      {!loading && all.length > COLLAPSED && (
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={`Find ${title.toLowerCase()}...`}
          aria-label={`Find ${title.toLowerCase()}`}
          className="mb-2 h-8 w-full rounded-md border border-neutral-300 px-2 text-sm focus:border-ink focus:outline-none"
        />
      )}
      {!loading && all.length === 0 && (
        <p className="text-sm text-neutral-500">{`No ${title.toLowerCase()} found`}</p>
      )}
      <ul id={id} className="space-y-1">
        {visible.map((option) => (
          <li key={option.name}>
            <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-1 text-sm hover:bg-neutral-50">
              <input
                type="checkbox"
                checked={includesName(selected, option.name)}
                onChange={() => onToggle(option.name)}
                className="h-4 w-4 accent-ink"
              />
              <span className="min-w-0 flex-1 truncate">{option.name}</span>
              {!option.missing && (
                <span className="text-xs text-neutral-600 tabular-nums">{option.count}</span>
              )}
            </label>
          </li>
        ))}
      </ul>
      {filtered.length > COLLAPSED && (
        <button
          type="button"
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
          className="mt-2 text-xs font-semibold underline underline-offset-4"
        >
          {expanded ? 'Show less' : `Show all (${filtered.length})`}
        </button>
      )}
    </fieldset>
  );
}

export function toggleName(list: string[], name: string): string[] {
  return includesName(list, name) ? list.filter((s) => !sameName(s, name)) : [...list, name];
}
