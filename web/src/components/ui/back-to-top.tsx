import { useScrollY } from '../../lib/use-scroll-y.ts';
import { BACK_TO_TOP_AFTER_PX } from '../../config/constants.ts';

/** storefront.md §2: a scroll-to-top button appears after scrolling 300 px. */
export function BackToTop() {
  const y = useScrollY();
  if (y <= BACK_TO_TOP_AFTER_PX) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed right-4 bottom-4 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-ink text-xl text-white shadow-lg"
    >
      ↑
    </button>
  );
}
