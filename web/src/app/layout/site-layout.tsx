import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useScrollToTopOnNavigate, useScrollbarWhileScrolling } from './scroll-behaviour.ts';
import { RouteProgress } from './route-progress.tsx';

export function SiteLayout() {
  const { pathname } = useLocation();
  useScrollToTopOnNavigate();
  useScrollbarWhileScrolling();
  // link-health-and-routes.md §2.1: the public header and footer are hidden on /admin paths
  const isAdmin = pathname === '/admin' || pathname.startsWith('/admin/');
  return (
    <div className="flex min-h-dvh flex-col">
      <RouteProgress />
      {!isAdmin && <SiteHeader />}
      {/* at least a screen tall: the footer starts below the fold, so a page whose content arrives
          late never pushes a visible footer down (layout shift) */}
      <main id="main" className="min-h-dvh flex-1">
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      {!isAdmin && <SiteFooter />}
    </div>
  );
}
