import { useEffect, useState, type RefObject } from 'react';
import { formatPrice } from '../../../lib/offers/price-format.ts';
import type { ShoppingLink } from '../api/use-shopping-links.ts';
import { openOnce } from './open-once.ts';

/**
 * Phones only (under the sm breakpoint, CSS): Shop Now stays in reach once the page's own Shop Now
 * has been scrolled past (above the viewport; not while it is still below). The bar is fixed, so it
 * moves nothing when it shows; while it is hidden it is invisible, inert and out of the
 * accessibility tree. The page
 * keeps room for it at its end (index.css), so it never covers the footer for good.
 */
export function StickyShopNow({ link, watch }: { link: ShoppingLink; watch: RefObject<HTMLElement | null> }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry) setShown(!entry.isIntersecting && entry.boundingClientRect.bottom <= 0);
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);
  const price = link.price !== null ? formatPrice(link.price, link.currency) : null;
  return (
    <aside
      aria-label="Shop this item"
      data-sticky-shop-now
      data-shown={shown || undefined}
      aria-hidden={!shown || undefined}
      inert={!shown}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-neutral-200 bg-white/95 px-4 py-2.5 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur transition-transform duration-200 sm:hidden ${
        shown ? 'translate-y-0' : 'invisible translate-y-full'
      }`}
    >
      <a
        href={link.href}
        target="_blank"
        rel="sponsored noopener noreferrer"
        onClick={openOnce}
        data-testid="sticky-shop-now"
        className="flex h-11 w-full items-center justify-center gap-2 rounded-full bg-ink px-4 text-sm font-semibold text-white"
      >
        <span className="shrink-0 tracking-[0.15em] uppercase">Shop Now</span>
        {link.shop && <span className="min-w-0 truncate font-normal">at {link.shop}</span>}
        {price && <span className="shrink-0 font-normal">· {price}</span>}
      </a>
    </aside>
  );
}
