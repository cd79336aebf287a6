import { useState, type FormEvent } from 'react';
import { POST_STATUSES } from '@celebstyle/contracts';
import type { FilterOptions } from './api.ts';
import type { FilterKey } from './url-state.ts';

/**
 * admin.md §2 Filters: Status, Platform and Celebrity apply on change; the text search applies on
 * Enter or the search button. Values come from and go to the address (the page owns it).
 */
export function PostsFilters({
  status,
  platform,
  celebrity,
  search,
  options,
  onChange,
  onClear,
}: {
  /** The status in the address, '' when it is the default. */
  status: string;
  platform: string;
  celebrity: string;
  search: string;
  options: FilterOptions | undefined;
  onChange(key: FilterKey, value: string): void;
  onClear(): void;
}) {
  const [text, setText] = useState(search);
  const [shownSearch, setShownSearch] = useState(search);
  // the address changed under the box (Clear Filters, back button): show what it now says
  if (search !== shownSearch) {
    setShownSearch(search);
    setText(search);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange('search', text.trim());
  };
  return (
    <form className="panel posts-filters" role="search" aria-label="Filter posts" onSubmit={submit}>
      <label>
        <span>Status</span>
        <select value={status} onChange={(e) => onChange('status', e.target.value)}>
          <option value="">Default Status</option>
          {POST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Platform</span>
        <select value={platform} onChange={(e) => onChange('platform', e.target.value)}>
          <option value="">All Platforms</option>
          {(options?.platforms ?? []).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>Celebrity</span>
        <select value={celebrity} onChange={(e) => onChange('celebrity', e.target.value)}>
          <option value="">All Celebrities</option>
          {/* a celebrity from the address stays selectable before (or without) the loaded list */}
          {celebrity && !options?.celebrities.includes(celebrity) && (
            <option value={celebrity}>{celebrity}</option>
          )}
          {(options?.celebrities ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="posts-search">
        <span>Search</span>
        <input
          type="search"
          value={text}
          placeholder="Search posts..."
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      <div className="posts-filter-buttons">
        <button type="submit">Search</button>
        <button type="button" className="secondary" onClick={onClear}>
          Clear Filters
        </button>
      </div>
    </form>
  );
}
