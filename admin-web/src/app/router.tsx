import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RequireAdmin } from '../features/auth/components/require-admin.tsx';
import { Shell } from './shell.tsx';

/**
 * A route module exports its screen as default and, when it prefetches, `clientLoader(queryClient)`
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

/** Shown while the first screen's code and loader are on the way. */
function FirstLoad() {
  return <p className="center">Loading...</p>;
}

/**
 * Every route of the console, relative to the /admin basename; each screen is a lazy route module
 * in routes/, so a screen ships only its own code. RequireAdmin guards the shell on every render,
 * and the loaders wait for the same session it reads (app/signed-in-loader.ts).
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const r = (load: () => Promise<RouteModule>) => lazyRoute(queryClient, load);
  return [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: (
        <RequireAdmin>
          <Shell />
        </RequireAdmin>
      ),
      HydrateFallback: FirstLoad,
      children: [
        { index: true, lazy: r(() => import('./routes/dashboard.tsx')) },
        { path: 'posts', lazy: r(() => import('./routes/posts.tsx')) },
        { path: 'celebrities', lazy: r(() => import('./routes/celebrities.tsx')) },
        { path: 'shows', lazy: r(() => import('./routes/shows.tsx')) },
        { path: 'support', lazy: r(() => import('./routes/support.tsx')) },
        { path: 'link-validation', lazy: r(() => import('./routes/link-validation.tsx')) },
        { path: 'url-settings', lazy: r(() => import('./routes/url-settings.tsx')) },
        { path: 'audit-log', lazy: r(() => import('./routes/audit-log.tsx')) },
        { path: 'import', lazy: r(() => import('./routes/import.tsx')) },
        { path: 'change-password', lazy: r(() => import('./routes/change-password.tsx')) },
        { path: 'accounts', lazy: r(() => import('./routes/accounts.tsx')) },
      ],
    },
    { path: '*', lazy: r(() => import('./routes/not-found.tsx')), HydrateFallback: FirstLoad },
  ];
}
