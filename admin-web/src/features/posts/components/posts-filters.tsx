import { useId, useState, type FormEvent } from 'react';
import { POST_STATUSES } from '@celebstyle/contracts';
import { plainOptions, Select } from '../../../components/select.tsx';
import type { FilterOptions } from '../api/posts-api.ts';
import type { FilterKey } from '../url-state.ts';

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
  const id = useId();
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
      <label htmlFor={`${id}-status`}>
        <span>Status</span>
        <Select
          id={`${id}-status`}
          value={status}
          options={[{ value: '', label: 'Default Status' }, ...plainOptions(POST_STATUSES)]}
          onChange={(value) => onChange('status', value)}
        />
      </label>
      <label htmlFor={`${id}-platform`}>
        <span>Platform</span>
        <Select
          id={`${id}-platform`}
          value={platform}
          options={[{ value: '', label: 'All Platforms' }, ...plainOptions(options?.platforms)]}
          onChange={(value) => onChange('platform', value)}
        />
      </label>
      <label htmlFor={`${id}-celebrity`}>
        <span>Celebrity</span>
        {/* a celebrity from the address stays shown before (or without) the loaded list */}
        <Select
          id={`${id}-celebrity`}
          value={celebrity}
          options={[{ value: '', label: 'All Celebrities' }, ...plainOptions(options?.celebrities)]}
          onChange={(value) => onChange('celebrity', value)}
        />
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
