import { pageWindow } from '../format.ts';

interface Props {
  page: number;
  pages: number;
  total: number;
  disabled: boolean;
  onPage(page: number): void;
}

/** admin.md §2 Support pagination: numbered pages with first, last, neighbours and ellipses. */
export function Pagination({ page, pages, total, disabled, onPage }: Props) {
  if (pages <= 1) return null;
  return (
    <nav className="support-pagination" aria-label="Pagination">
      <span className="muted">
        Page {page} of {pages} ({total} requests)
      </span>
      <div className="pages">
        <button
          type="button"
          className="secondary"
          disabled={disabled || page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        {pageWindow(page, pages).map((item, index) =>
          item === 'gap' ? (
            <span key={`gap-${index}`} className="gap" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item}
              type="button"
              className={item === page ? 'current' : 'secondary'}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              disabled={disabled || item === page}
              onClick={() => onPage(item)}
            >
              {item}
            </button>
          ),
        )}
        <button
          type="button"
          className="secondary"
          disabled={disabled || page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
