import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo.tsx';
import { SearchBox } from '../../features/search/components/search-box.tsx';
import { useMediaQuery, minWidth } from '../../lib/use-media-query.ts';
import { useScrollY } from '../../lib/use-scroll-y.ts';
import { LOGO_FADE_END_PX, LOGO_FADE_MIN_WIDTH_PX, LOGO_FADE_START_PX } from '../../config/constants.ts';
import { paths } from '../../config/paths.ts';
import { MobileMenuButton } from './mobile-menu-button.tsx';

/**
 * storefront.md §2: /celebrity, /shows and /product use the light variant with the secondary logo;
 * /show/{name} is the same show page as /shows/{name}, so it has the same header.
 */
export function isLightHeaderPath(pathname: string): boolean {
  return /^\/(celebrity|shows?|product)(\/|$)/.test(pathname);
}

/** Logo opacity on home: 0 until 50 px of scroll, 1 from 300 px, linear between (§2, §9). */
export function homeLogoOpacity(scrollY: number): number {
  if (scrollY <= LOGO_FADE_START_PX) return 0;
  if (scrollY >= LOGO_FADE_END_PX) return 1;
  return (scrollY - LOGO_FADE_START_PX) / (LOGO_FADE_END_PX - LOGO_FADE_START_PX);
}

export function SiteHeader() {
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  const light = isLightHeaderPath(pathname);
  const desktop = useMediaQuery(minWidth(LOGO_FADE_MIN_WIDTH_PX));
  const scrollY = useScrollY();
  // The home page hides the header logo; on desktop it fades in with scrolling (§2).
  const logoOpacity = isHome && desktop ? homeLogoOpacity(scrollY) : 1;

  // On home the header shows the hero's image behind a dark veil from 768 px up (§2); phones keep
  // the plain gradient (the hero right below already shows the image).
  const tone = light
    ? 'bg-white/95 text-ink border-b border-neutral-200'
    : isHome
      ? 'text-white bg-ink bg-[radial-gradient(120%_140%_at_50%_0%,#3a2f22_0%,#111_60%)] md:bg-[linear-gradient(rgb(17_17_17/0.7),rgb(17_17_17/0.7)),url(/media/hero-fallback.svg)] md:bg-cover md:bg-center'
      : 'bg-ink text-white';

  return (
    <header className={`sticky top-0 z-40 backdrop-blur ${tone}`} data-variant={light ? 'light' : 'dark'}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2">
        Skip to content
      </a>
      <div className="mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-3 px-4 md:h-20 md:px-6">
        <nav aria-label="Primary" className="flex items-center gap-4">
          <MobileMenuButton light={light} />
          <Link
            to={paths.fashion()}
            className="hidden text-xs font-semibold tracking-[0.2em] uppercase hover:text-gold md:inline"
          >
            Shop All
          </Link>
        </nav>
        <div
          style={{ opacity: logoOpacity }}
          className="transition-opacity duration-150"
          data-testid="header-logo"
        >
          <Logo secondary={light} />
        </div>
        <div className="flex justify-end">
          <SearchBox className="hidden w-full max-w-xs md:block" />
        </div>
      </div>
    </header>
  );
}
