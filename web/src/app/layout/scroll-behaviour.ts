import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SCROLLBAR_HIDE_MS } from '../../config/constants.ts';

/** storefront.md §2: navigating to / scrolls to top instantly; other routes scroll smoothly. */
export function useScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: pathname === '/' ? 'instant' : 'smooth' });
  }, [pathname]);
}

/** storefront.md §2: scrollbars appear while scrolling and hide 1 s after scrolling stops. */
export function useScrollbarWhileScrolling() {
  useEffect(() => {
    const root = document.documentElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      root.classList.add('is-scrolling');
      clearTimeout(timer);
      timer = setTimeout(() => root.classList.remove('is-scrolling'), SCROLLBAR_HIDE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, []);
}
