import { lazy, Suspense, useState } from 'react';

const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));
const preload = () => void import('./mobile-menu.tsx');

/**
 * The hamburger is plain markup; the Menu panel (dialog, search) loads on first touch or hover,
 * keeping the dialog code out of every page's first download.
 */
export function MobileMenuButton({ light }: { light: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onTouchStart={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
        className={`flex h-10 w-10 items-center justify-center rounded-full md:hidden ${light ? 'hover:bg-neutral-100' : 'hover:bg-white/10'}`}
      >
        <svg aria-hidden viewBox="0 0 24 24" className="h-6 w-6">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
