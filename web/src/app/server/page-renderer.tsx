import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  type StaticHandlerContext,
} from 'react-router';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError, isCriticalQuery, setServerApiFetch, type ServerApiFetch } from '../../lib/api-client.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { ServerPageContext, type PageHead } from '../../lib/ssr/page-head.ts';
import type { ServerPageState } from '../../lib/ssr/page-state.ts';
import { AppProvider } from '../provider.tsx';
import { createAppRoutes } from '../router.tsx';
import { answerQueries, unansweredQueries } from './settle-queries.ts';
import { pageDocument } from './page-document.ts';

export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      html: string;
      /** False when part of the page failed to load: such a page is not kept in a cache. */
      complete: boolean;
    }
  | { kind: 'redirect'; status: number; location: string };

export type PageRendererOptions = {
  /** web/dist/index.html: the built client's shell, with its script and style tags. */
  template: string;
  /** The site's public address: canonical URLs, Open Graph and JSON-LD addresses. */
  siteUrl: string;
  /** Reads a public /api URL (the gateway answers it in-process). */
  fetchApi: ServerApiFetch;
  /** Renders after the first, each after fetching what the previous one asked for (dependent queries). */
  maxFetchRounds?: number;
};

/** A query that got no answer or a 5xx: the API could not serve it (a 4xx is an answer). */
const isServerFailure = (query: Query) =>
  query.state.status === 'error' &&
  !(query.state.error instanceof ApiError && query.state.error.status < 500);

function serverQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  // One attempt: a failure is answered at once (the browser's retry policy applies to what it
  // fetches later), and a failed query renders as failed instead of as about to retry. No garbage
  // collection timers: the client lives for one render and is cleared after it.
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false, retryOnMount: false, gcTime: Infinity },
  });
  return client;
}

function routerErrors(context: StaticHandlerContext): ServerPageState['router']['errors'] {
  if (!context.errors) return null;
  return Object.fromEntries(
    Object.entries(context.errors).map(([id, error]) => {
      const response = error instanceof ErrorResponseImpl ? error : null;
      return [id, { status: response?.status ?? 500, statusText: response?.statusText ?? 'Server Error' }];
    }),
  );
}

/** The page's context as the error page (the root route's error boundary) with this status. */
function asErrorPage(context: StaticHandlerContext, status: number): StaticHandlerContext {
  const rootId = context.matches[0]?.route.id ?? '0';
  return {
    ...context,
    statusCode: status,
    loaderData: {},
    errors: { [rootId]: new ErrorResponseImpl(status, 'Service Unavailable', null) },
  };
}

/**
 * Server rendering of the storefront (docs/design.md, Server rendering): React Router's static
 * handler runs the matched routes' loaders, the page renders until every query it asked for has
 * an answer, and the document carries the router state and the dehydrated query cache.
 */
export function createPageRenderer(options: PageRendererOptions) {
  setServerApiFetch(options.fetchApi);
  const maxRounds = options.maxFetchRounds ?? 4;

  return async function renderPage(url: string): Promise<RenderedPage> {
    const queryClient = serverQueryClient();
    const handler = createStaticHandler(createAppRoutes(queryClient));
    const request = new Request(new URL(url, options.siteUrl), { headers: { accept: 'text/html' } });
    const result = await handler.query(request);
    if (result instanceof Response) {
      return { kind: 'redirect', status: result.status, location: result.headers.get('location') ?? '/' };
    }
    let context = result;
    let head: PageHead | null = null;
    let status = context.statusCode;
    const page: ServerPageContext = {
      siteUrl: options.siteUrl,
      setHead: (next) => (head = next),
      declareStatus: (code) => (status = code),
    };
    const render = (): string => {
      head = null;
      status = context.statusCode;
      const router = createStaticRouter(handler.dataRoutes, context);
      const app: ReactElement = (
        <StrictMode>
          <ServerPageContext.Provider value={page}>
            <AppProvider queryClient={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProvider>
          </ServerPageContext.Provider>
        </StrictMode>
      );
      return renderToString(app);
    };

    let body = render();
    for (let round = 0; round < maxRounds; round++) {
      const waiting = unansweredQueries(queryClient);
      if (waiting.length === 0) break;
      await answerQueries(waiting);
      body = render();
    }
    const failed = queryClient.getQueryCache().getAll().filter(isServerFailure);
    if (failed.some((query) => isCriticalQuery(query.meta))) {
      context = asErrorPage(context, 503);
      body = render();
    }

    const state: ServerPageState = {
      router: { loaderData: context.loaderData, errors: routerErrors(context) },
      // every settled query travels, failed ones too: the browser shows what the server showed
      queries: dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => query.state.status !== 'pending',
        shouldRedactErrors: () => false,
      }),
    };
    queryClient.clear();
    return {
      kind: 'page',
      status,
      html: pageDocument(options.template, { head, body, state }),
      complete: failed.length === 0 && status < 500,
    };
  };
}
