import type { DehydratedState } from '@tanstack/react-query';

/**
 * What a server-rendered page hands the browser so that it hydrates without asking the API again:
 * the router's loader data and errors, and the query cache as the server left it. Carried in a
 * JSON script element (not executed, so the site's CSP allows it).
 */
export type ServerPageState = {
  router: {
    loaderData: Record<string, unknown>;
    /** Route errors by route id; only route error responses (status and text) travel. */
    errors: Record<string, { status: number; statusText: string }> | null;
  };
  queries: DehydratedState;
};

export const PAGE_STATE_ELEMENT_ID = 'celebstyle-page-state';
