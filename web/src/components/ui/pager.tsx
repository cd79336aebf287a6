import { numberWindow, pageSlots, type PageSlot } from './pagination.ts';

type PagerProps = {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /**
   * 'window': first, previous, up to N numbers, next, last (top picks). 'slots': at most N slots
   * with ellipses (trending). 'prev-next': Prev, up to N numbers, Next on one line, even on a
   * 320 px phone (celebrity and show directories, storefront.md §2).
   */
  mode: 'window' | 'slots' | 'prev-next';
  max: number;
};

const btn =
  'flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium ring-1 ring-neutral-300 transition hover:bg-neutral-100 disabled:pointer-events-none disabled:opacity-40';

// one line at 320 px: 5 numbers of 2rem, Prev and Next, 0.25rem gaps (storefront.md §2, §9)
const compact =
  'flex h-8 min-w-8 items-center justify-center rounded-full px-2 text-sm font-medium ring-1 ring-neutral-300 transition hover:bg-neutral-100 disabled:pointer-events-none disabled:opacity-40 sm:h-10 sm:min-w-10 sm:px-3';

function PrevNextPager({ page, totalPages, onPage, max }: Omit<PagerProps, 'mode'>) {
  return (
    <nav
      aria-label="Pagination"
      className="mt-10 flex flex-nowrap items-center justify-center gap-1 sm:gap-2"
    >
      <button type="button" className={compact} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      {numberWindow(page, totalPages, max).map((slot) => (
        <button
          key={slot}
          type="button"
          aria-label={`Page ${slot}`}
          aria-current={slot === page ? 'page' : undefined}
          onClick={() => onPage(slot)}
          className={`${compact} ${slot === page ? 'bg-ink text-white ring-ink hover:bg-ink' : ''}`}
        >
          {slot}
        </button>
      ))}
      <button
        type="button"
        className={compact}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

export function Pager({ page, totalPages, onPage, mode, max }: PagerProps) {
  if (totalPages <= 1) return null;
  if (mode === 'prev-next')
    return <PrevNextPager page={page} totalPages={totalPages} onPage={onPage} max={max} />;
  const slots: PageSlot[] =
    mode === 'window' ? numberWindow(page, totalPages, max) : pageSlots(page, totalPages, max);
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-2">
      {mode === 'window' && (
        <button
          type="button"
          className={btn}
          disabled={page <= 1}
          onClick={() => onPage(1)}
          aria-label="First page"
        >
          «
        </button>
      )}
      <button
        type="button"
        className={btn}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label="Previous page"
      >
        ‹
      </button>
      {slots.map((slot) =>
        typeof slot === 'number' ? (
          <button
            key={slot}
            type="button"
            aria-label={`Page ${slot}`}
            aria-current={slot === page ? 'page' : undefined}
            onClick={() => onPage(slot)}
            className={`${btn} ${slot === page ? 'bg-ink text-white ring-ink hover:bg-ink' : ''}`}
          >
            {slot}
          </button>
        ) : (
          <span key={slot} aria-hidden className="px-1 text-neutral-400">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={btn}
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        aria-label="Next page"
      >
        ›
      </button>
      {mode === 'window' && (
        <button
          type="button"
          className={btn}
          disabled={page >= totalPages}
          onClick={() => onPage(totalPages)}
          aria-label="Last page"
        >
          »
        </button>
      )}
    </nav>
  );
}
