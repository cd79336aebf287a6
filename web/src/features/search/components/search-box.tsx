import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SEARCH_TERM_MAX_LENGTH } from '@celebstyle/contracts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { DROPDOWN_MAX_HEIGHT_REM, SEARCH_DEBOUNCE_MS } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { useGlobalSearch } from '../api/get-global-search.ts';
import { toSearchOptions, type SearchOption } from './search-results.ts';

export const SEARCH_PLACEHOLDER = 'Search shows, celebrities, or posts...';

type SearchBoxProps = {
  /** The mobile menu shows at most 3 per group (storefront.md §2, §9). */
  perGroup?: number;
  /** Called after a result is opened (the mobile menu closes itself). */
  onNavigate?: () => void;
  className?: string;
};

/** Header search (storefront.md §2 Search dropdown, §4 Header search). */
export function SearchBox({ perGroup, onNavigate, className = '' }: SearchBoxProps) {
  const navigate = useNavigate();
  const listId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(term.trim(), SEARCH_DEBOUNCE_MS);
  const search = useGlobalSearch(debounced);
  const options: SearchOption[] = search.data ? toSearchOptions(search.data, perGroup) : [];
  // Results shown belong to the debounced term; while the user is still typing they stay put.
  const settled = debounced !== '' && debounced === term.trim();
  const loading = term.trim() !== '' && (!settled || search.isFetching) && !search.data;

  // Clicking outside closes the dropdown (storefront.md §4).
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  function reset() {
    setTerm('');
    setOpen(false);
    setActive(-1);
  }

  function go(href: string) {
    reset();
    onNavigate?.();
    // Nothing here waits for the navigation: the router shows a failed one (a loader error) in the
    // route's error element.
    void navigate(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && options.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && options.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const value = term.trim();
      if (!value) return;
      // storefront.md §4: Enter with results opens the first (or the highlighted) result;
      // with no results it goes to /fashion?search={term}.
      const chosen = settled ? (options[active] ?? options[0]) : undefined;
      go(chosen ? chosen.href : paths.fashion({ search: value }));
    }
  }

  const showDropdown = open && term.trim() !== '';
  return (
    <div ref={rootRef} className={`relative ${className}`}>
      <div className="relative">
        <svg
          aria-hidden
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-neutral-400"
        >
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search"
          aria-expanded={showDropdown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && options[active] ? `${listId}-${active}` : undefined}
          placeholder={SEARCH_PLACEHOLDER}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setActive(-1);
            // storefront.md §4: an empty term clears results and closes the dropdown
            setOpen(e.target.value.trim() !== '');
          }}
          onFocus={() => term.trim() && setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 w-full rounded-full border border-neutral-300 bg-white pr-9 pl-9 text-sm text-neutral-900 placeholder:text-neutral-400 focus:border-neutral-900 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {term && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={() => {
              reset();
              inputRef.current?.focus();
            }}
            className="absolute top-1/2 right-2 flex h-7 w-7 -translate-y-1/2 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100"
          >
            ×
          </button>
        )}
      </div>
      {showDropdown && (
        <div
          id={listId}
          role="listbox"
          aria-label="Search results"
          style={{ maxHeight: `${DROPDOWN_MAX_HEIGHT_REM}rem` }}
          className="absolute inset-x-0 top-full z-50 mt-2 overflow-y-auto rounded-2xl border border-neutral-200 bg-white py-2 text-left text-neutral-900 shadow-xl"
        >
          {loading && <p className="px-4 py-3 text-sm text-neutral-500">Searching…</p>}
          {!loading && settled && search.isSuccess && options.length === 0 && (
            <div className="px-4 py-3 text-sm">
              <p className="text-neutral-600">No results found for {term.trim()}</p>
              <Link
                to={paths.fashion({ search: term.trim() })}
                onClick={() => {
                  reset();
                  onNavigate?.();
                }}
                className="mt-1 inline-block font-medium underline"
              >
                Search in all products
              </Link>
            </div>
          )}
          {!loading && search.isError && (
            <p className="px-4 py-3 text-sm text-neutral-600">No results found for {term.trim()}</p>
          )}
          {options.map((option, index) => {
            const header = options[index - 1]?.group !== option.group ? option.group : null;
            return (
              <div key={option.id}>
                {header && (
                  <p className="px-4 pt-2 pb-1 text-[11px] font-semibold tracking-widest text-neutral-600 uppercase">
                    {header}
                  </p>
                )}
                {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- combobox pattern: focus stays in the input, whose arrow and Enter keys pick the option (aria-activedescendant) */}
                <div
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  onPointerDown={(e) => e.preventDefault()}
                  onClick={() => go(option.href)}
                  onMouseEnter={() => setActive(index)}
                  className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${index === active ? 'bg-neutral-100' : ''}`}
                >
                  <SafeImage
                    src={option.image}
                    className={`h-10 w-10 shrink-0 ${option.group === 'Posts' ? 'rounded-md' : 'rounded-full'}`}
                  />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{option.label}</span>
                    <span className="block truncate text-xs text-neutral-500">{option.detail}</span>
                  </span>
                </div>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
