import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Omitted on the current page (the last crumb). */
  to?: string;
}

/** The breadcrumb trail of storefront.md §2 (Fashion listing, product, celebrity and show pages). */
export function Breadcrumb({ items, className = '' }: { items: Crumb[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`min-w-0 text-sm text-neutral-500 ${className}`}>
      <ol className="flex min-w-0 items-center gap-1.5">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li
              key={`${i}-${item.label}`}
              className={last ? 'min-w-0 truncate text-ink' : 'flex items-center gap-1.5'}
            >
              {last || !item.to ? (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              ) : (
                <>
                  <Link to={item.to} className="hover:text-ink">
                    {item.label}
                  </Link>
                  <span aria-hidden>/</span>
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
