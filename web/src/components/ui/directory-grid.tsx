import type { ReactNode } from 'react';
import { Pager } from './pager.tsx';
import { clampPage } from './pagination.ts';
import { DIRECTORY_PAGE_SIZE, PAGER_MAX_NUMBER_BUTTONS } from '../../config/constants.ts';

/**
 * The paged card grid of the celebrity and show directories (storefront.md §2): one page of
 * DIRECTORY_PAGE_SIZE matches, the empty text when nothing matches, and the windowed pager. A page
 * beyond the last (after a narrower filter) shows the last page. `layout="list"` shows the page as
 * a one-column list instead (the phone layout's search list).
 */
export function DirectoryGrid<T>({
  items,
  page,
  onPage,
  emptyText,
  renderItem,
  layout = 'grid',
}: {
  items: readonly T[];
  page: number;
  onPage: (page: number) => void;
  emptyText: string;
  /** One card; it carries its own key. */
  renderItem: (item: T) => ReactNode;
  layout?: 'grid' | 'list';
}) {
  const totalPages = Math.max(1, Math.ceil(items.length / DIRECTORY_PAGE_SIZE));
  const current = clampPage(page, totalPages);
  return (
    <>
      {items.length === 0 ? (
        <p className="py-10 text-center text-neutral-500">{emptyText}</p>
      ) : (
        <div
          className={
            layout === 'list' ? 'mt-6 flex flex-col gap-3' : 'mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4'
          }
        >
          {items.slice((current - 1) * DIRECTORY_PAGE_SIZE, current * DIRECTORY_PAGE_SIZE).map(renderItem)}
        </div>
      )}
      <Pager
        page={current}
        totalPages={totalPages}
        onPage={onPage}
        mode="prev-next"
        max={PAGER_MAX_NUMBER_BUTTONS}
      />
    </>
  );
}
