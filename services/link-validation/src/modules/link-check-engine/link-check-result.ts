import type { LinkHealthStatus } from '@celebstyle/queue';

/** link-health-and-routes.md §3: the nine link status values. */
export type LinkStatus = LinkHealthStatus;

/** What a page says about one offer's stock, in the words the result uses. */
export type StockStatus =
  'in_stock' | 'out_of_stock' | 'preorder' | 'backorder' | 'limited' | 'in_store_only' | 'discontinued';

/** Stock states a shopper can buy online now (or order ahead). */
export const BUYABLE_STOCK: ReadonlySet<StockStatus> = new Set([
  'in_stock',
  'limited',
  'preorder',
  'backorder',
]);

export interface RedirectHop {
  /** The address that answered with a redirect. */
  url: string;
  /** Its HTTP status (200 for a meta refresh or JavaScript redirect page). */
  status: number;
  kind: 'http' | 'meta-refresh' | 'javascript';
}

/** The verdict on one link (link-health-and-routes.md §3's link fields). */
export interface LinkCheckResult {
  url: string;
  linkStatus: LinkStatus;
  /** Status of the last answer received, null when none came. */
  httpStatus: number | null;
  /** Address of the last answer received (after redirects), null when none came. */
  finalUrl: string | null;
  redirectChain: RedirectHop[];
  /** The shop's display name (og:site_name, else the page's Organization, else from the domain). */
  retailer: string | null;
  /** Registrable domain of the final address (public suffix list), e.g. 'net-a-porter.com'. */
  retailerDomain: string | null;
  /** 0 to 1: how sure the checker is of linkStatus. */
  confidence: number;
  stockStatus: StockStatus | null;
  /** What a shopper pays now, in major units (1299 for "$1,299.00"). */
  price: number | null;
  /** ISO 4217 code. */
  currency: string | null;
  /** Milliseconds from the first request to the verdict. */
  responseTime: number;
  errorMessage: string | null;
  /** Seconds a 429 or 503 asked us to wait (Retry-After), for the scheduler; null otherwise. */
  retryAfterSeconds: number | null;
}
