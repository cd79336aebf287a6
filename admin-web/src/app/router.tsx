import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LoginPage } from '../features/auth/login-page.tsx';
import { RequireAdmin } from '../features/auth/require-admin.tsx';
import { Shell } from './shell.tsx';

const Dashboard = lazy(() => import('./routes/dashboard.tsx'));
const UrlSettings = lazy(() => import('../features/url-settings/url-settings-page.tsx'));
const Support = lazy(() => import('../features/support/support-page.tsx'));
const Accounts = lazy(() => import('../features/accounts/accounts-page.tsx'));
const NotFound = lazy(() => import('./routes/not-found.tsx'));

const router = createBrowserRouter(
  [
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
        { path: 'support', element: <Support /> },
        { path: 'url-settings', element: <UrlSettings /> },
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
  ],
  { basename: '/admin' },
);

export function AppRouter() {
  return (
    <Suspense fallback={null}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
