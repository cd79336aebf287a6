import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/components/login-page.tsx';
import { RequireAdmin } from '../features/auth/components/require-admin.tsx';
import { Shell } from './shell.tsx';

const Dashboard = lazy(() => import('./routes/dashboard.tsx'));
const Posts = lazy(() => import('./routes/posts.tsx'));
const Celebrities = lazy(() => import('./routes/celebrities.tsx'));
const Shows = lazy(() => import('./routes/shows.tsx'));
const Support = lazy(() => import('./routes/support.tsx'));
const LinkValidation = lazy(() => import('./routes/link-validation.tsx'));
const UrlSettings = lazy(() => import('./routes/url-settings.tsx'));
const ImportPosts = lazy(() => import('./routes/import.tsx'));
const AuditLog = lazy(() => import('./routes/audit-log.tsx'));
const Accounts = lazy(() => import('./routes/accounts.tsx'));
const ChangePassword = lazy(() => import('./routes/change-password.tsx'));
const NotFound = lazy(() => import('./routes/not-found.tsx'));

/** Every route of the console, relative to the /admin basename; each screen is a lazy route module in routes/. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  {
    path: '/',
    element: (
      <RequireAdmin>
        <Shell />
      </RequireAdmin>
    ),
    children: [
      { index: true, element: <Dashboard /> },
      { path: 'posts', element: <Posts /> },
      { path: 'celebrities', element: <Celebrities /> },
      { path: 'shows', element: <Shows /> },
      { path: 'support', element: <Support /> },
      { path: 'link-validation', element: <LinkValidation /> },
      { path: 'url-settings', element: <UrlSettings /> },
      { path: 'audit-log', element: <AuditLog /> },
      { path: 'import', element: <ImportPosts /> },
      { path: 'change-password', element: <ChangePassword /> },
      {
        path: 'accounts',
        element: (
          <RequireAdmin superAdmin>
            <Accounts />
          </RequireAdmin>
        ),
      },
    ],
  },
  { path: '*', element: <NotFound /> },
];

const router = createBrowserRouter(routes, { basename: '/admin' });

export function AppRouter() {
  return (
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
