import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createAppRoutes } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import './styles.css';

// One query client and one router for the page (as web's main.tsx): the router's loaders prefetch
// into the cache the screens read, and a router made during render would be made twice in StrictMode.
const queryClient = createQueryClient();
const router = createBrowserRouter(createAppRoutes(queryClient), { basename: '/admin' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
