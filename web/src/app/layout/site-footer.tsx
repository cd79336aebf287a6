import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useShows } from '../../lib/catalog/shows.ts';
import { useSiteConfig } from '../../lib/site-config.ts';
import { RenderWhenVisible } from '../../components/ui/render-when-visible.tsx';
import { FOOTER_SHOWS, POPULAR_SHOWS_POOL, SITE_NAME } from '../../config/constants.ts';
import { paths } from '../../config/paths.ts';
import { SocialIcons } from './social-icons.tsx';
import { FALLBACK_SHOWS } from '../../lib/fallback-data.ts';

// The newsletter form has its own code and contract texts: loaded when the footer comes near.
const NewsletterForm = lazy(() =>
  import('../../features/newsletter/components/newsletter-form.tsx').then((m) => ({
    default: m.NewsletterForm,
  })),
);

const heading = 'text-xs font-semibold tracking-[0.2em] uppercase text-white';
const link = 'text-sm text-white/70 hover:text-white';

/** storefront.md §2 Footer: Browse, Shows (5 top shows), Info, social icons, newsletter, copyright. */
export function SiteFooter() {
  const shows = useShows({ page: 1, limit: POPULAR_SHOWS_POOL, sort: 'postCount' });
  const config = useSiteConfig();
  // not a scroll anchor (index.css)
  return (
    <footer className="bg-ink text-white">
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-10 px-6 py-14 sm:grid-cols-2 lg:grid-cols-5">
        <section aria-labelledby="footer-browse">
          <h2 id="footer-browse" className={heading}>
            Browse
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link className={link} to={paths.fashion({ filter: 'latest' })}>
                Latest Outfits
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.topPicks()}>
                Top Picks
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.shows()}>
                Shows
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.celebrities()}>
                Celebrities
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.demoProduct()}>
                Featured Look
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-shows">
          <h2 id="footer-shows" className={heading}>
            Shows
          </h2>
          <ul className="mt-4 min-h-[9.5rem] space-y-2">
            {(shows.isError ? FALLBACK_SHOWS : (shows.data?.shows ?? []))
              .slice(0, FOOTER_SHOWS)
              .map((show) => (
                <li key={show._id}>
                  <Link className={link} to={paths.show(show.name)}>
                    {show.name}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
        <section aria-labelledby="footer-info">
          <h2 id="footer-info" className={heading}>
            Info
          </h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link className={link} to={paths.about()}>
                About
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.getInTouch()}>
                Get in Touch
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.terms()}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link className={link} to={paths.terms()}>
                Privacy Policy
              </Link>
            </li>
          </ul>
          <SocialIcons social={config.data?.social} />
        </section>
        <section className="sm:col-span-2">
          <RenderWhenVisible minHeight="9rem">
            <Suspense fallback={null}>
              <NewsletterForm />
            </Suspense>
          </RenderWhenVisible>
        </section>
      </div>
      <p className="border-t border-white/10 px-6 py-6 text-center text-xs text-white/50">
        © {new Date().getFullYear()} {SITE_NAME}. All rights reserved.
      </p>
    </footer>
  );
}
