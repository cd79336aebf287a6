import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/index.tsx';
import { createAppRoutes } from './app/router.tsx';
import {
  loadMatchedRoutes,
  readServerPageState,
  restoreQueries,
  routerHydrationData,
} from './app/client/restore-server-page.ts';
import { createQueryClient } from './lib/query-client.ts';
import './index.css';

const root = document.getElementById('root')!;
const queryClient = createQueryClient();
const routes = createAppRoutes(queryClient);
const serverPage = readServerPageState();

if (serverPage) {
  // A server-rendered page: take over its markup with the data it was rendered from (the page's
  // route modules first, so the first render is the server's).
  restoreQueries(queryClient, serverPage);
  void loadMatchedRoutes(routes).then(() => {
    const router = createBrowserRouter(routes, { hydrationData: routerHydrationData(serverPage) });
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
} else {
  // The static shell (the gateway's fallback when it cannot render): the app renders from scratch.
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}
