import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunction, type RouteObject } from 'react-router';
import { SiteLayout } from './layout/site-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

/**
 * A route module exports its page as default and, when it prefetches, `clientLoader(queryClient)`
 * returning a loader (docs/conventions.md, React apps: loaders prefetch through the query client).
 */
export type RouteModule = {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
};

function lazyRoute(queryClient: QueryClient, load: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => {
    const mod = await load();
    return { Component: mod.default, loader: mod.clientLoader?.(queryClient) };
  };
}

/** storefront.md §2 public route list; every page is its own lazy chunk. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const r = (load: () => Promise<RouteModule>) => lazyRoute(queryClient, load);
  const fashion = r(() => import('./routes/fashion.tsx'));
  const showPage = r(() => import('./routes/show.tsx'));
  return [
    {
      path: '/',
      Component: SiteLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: () => null,
      children: [
        { index: true, lazy: r(() => import('./routes/home.tsx')) },
        { path: 'fashion', lazy: fashion },
        { path: 'Fashion', lazy: fashion },
        { path: 'top-picks', lazy: r(() => import('./routes/top-picks.tsx')) },
        { path: 'celebrity', lazy: r(() => import('./routes/celebrities.tsx')) },
        { path: 'celebrity/:slug', lazy: r(() => import('./routes/celebrity.tsx')) },
        { path: 'shows', lazy: r(() => import('./routes/shows.tsx')) },
        { path: 'show/:showName', lazy: showPage },
        { path: 'shows/:showName', lazy: showPage },
        { path: 'product', lazy: r(() => import('./routes/demo-product.tsx')) },
        { path: 'product/:id', lazy: r(() => import('./routes/product.tsx')) },
        { path: 'about', lazy: r(() => import('./routes/about.tsx')) },
        { path: 'get-in-touch', lazy: r(() => import('./routes/get-in-touch.tsx')) },
        { path: 'terms', lazy: r(() => import('./routes/terms.tsx')) },
        { path: 'trending', lazy: r(() => import('./routes/trending.tsx')) },
        { path: 'confirm-subscription', lazy: r(() => import('./routes/confirm-subscription.tsx')) },
        { path: 'unsubscribe', lazy: r(() => import('./routes/unsubscribe.tsx')) },
        // storefront.md §2: registered paths whose content the spec does not show; each leads
        // to the screen it names so a visitor following an old link still lands somewhere useful
        // (a loader's redirect: the server answers it as an HTTP redirect).
        { path: 'celeb', loader: () => redirect('/celebrity') },
        { path: 'celebfindr', loader: () => redirect('/celebrity') },
        { path: 'ShowsFindr', loader: () => redirect('/shows') },
        { path: 'explore', loader: () => redirect('/fashion') },
        { path: '*', lazy: r(() => import('./routes/not-found.tsx')) },
      ].map(caseSensitive),
    },
  ];
}

/** storefront.md §2 lists /fashion and /Fashion, not /FASHION: every route matches its case. */
function caseSensitive(route: RouteObject): RouteObject {
  return route.index ? route : ({ ...route, caseSensitive: true } as RouteObject);
}
