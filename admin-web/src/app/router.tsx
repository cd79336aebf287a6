import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RequireAdmin } from '../features/auth/require-admin.tsx';
import { Shell } from './shell.tsx';

const Dashboard = lazy(() => import('../features/dashboard/dashboard-page.tsx'));
const Posts = lazy(() => import('../features/posts/posts-page.tsx'));
const Celebrities = lazy(() => import('../features/celebrities/celebrities-page.tsx'));
const Shows = lazy(() => import('../features/shows/shows-page.tsx'));
const Support = lazy(() => import('../features/support/support-page.tsx'));
const LinkValidation = lazy(() => import('../features/link-validation/link-validation-page.tsx'));
const UrlSettings = lazy(() => import('../features/url-settings/url-settings-page.tsx'));
const ImportPosts = lazy(() => import('../features/import/import-page.tsx'));
const AuditLog = lazy(() => import('../features/audit-log/audit-log-page.tsx'));
const Accounts = lazy(() => import('../features/accounts/accounts-page.tsx'));
const ChangePassword = lazy(() => import('../features/auth/change-password-page.tsx'));
const NotFound = lazy(() => import('./routes/not-found.tsx'));

/** Every route of the console, relative to the /admin basename. */
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
