import { Link } from 'react-router';
import { Dialog } from 'radix-ui';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { MOBILE_MENU_RESULTS_PER_GROUP } from '../../config/constants.ts';
import { paths } from '../../config/paths.ts';

/** storefront.md §2: a hamburger opens a Menu panel with a close button, Shop All and the search. */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-[88vw] max-w-sm flex-col gap-6 bg-white p-5 text-ink shadow-2xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="font-display text-xl">Menu</Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="flex h-10 w-10 items-center justify-center rounded-full text-2xl hover:bg-neutral-100"
            >
              ×
            </Dialog.Close>
          </div>
          <SearchBox perGroup={MOBILE_MENU_RESULTS_PER_GROUP} onNavigate={close} />
          <nav
            aria-label="Menu"
            className="flex flex-col gap-1 text-sm font-semibold tracking-[0.15em] uppercase"
          >
            <Link to={paths.fashion()} onClick={close} className="rounded-lg px-2 py-3 hover:bg-neutral-100">
              Shop All
            </Link>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
