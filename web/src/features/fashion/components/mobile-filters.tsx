import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** storefront.md §2: the filter sidebar is a toggle panel on mobile. */
export function MobileFilters({
  count,
  total,
  children,
}: {
  count: number;
  total: number | undefined;
  children: ReactNode;
}) {
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold ring-1 ring-neutral-300 lg:hidden">
        Filters
        {count > 0 && (
          <span className="flex h-5 min-w-5 items-center justify-center rounded-full bg-ink px-1 text-[11px] text-white">
            {count}
          </span>
        )}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[90vw] max-w-sm flex-col bg-white text-ink shadow-2xl"
        >
          <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3">
            <Dialog.Title className="font-display text-xl">Filters</Dialog.Title>
            <Dialog.Close
              aria-label="Close filters"
              className="flex h-10 w-10 items-center justify-center rounded-full text-2xl hover:bg-neutral-100"
            >
              ×
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
          <div className="border-t border-neutral-200 p-4">
            <Dialog.Close className="h-12 w-full rounded-full bg-ink text-sm font-semibold text-white">
              {total === undefined ? 'Show results' : `Show ${total} ${total === 1 ? 'Item' : 'Items'}`}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
