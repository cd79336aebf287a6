/**
 * The storefront's public app routes (storefront.md §2 "Public route list", link-health-and-routes.md
 * §2.1). One list for two readers: the web app registers its routes from it, and the gateway answers
 * a direct load of any other path with HTTP 404, so both always agree.
 *
 * Patterns use React Router syntax: a `:name` segment matches one non-empty path segment.
 */
export const WEB_ROUTE_PATTERNS = [
  '/',
  '/fashion',
  '/Fashion',
  '/top-picks',
  '/celebrity',
  '/celebrity/:slug',
  '/shows',
  '/show/:showName',
  '/shows/:showName',
  '/product',
  '/product/:id',
  '/about',
  '/get-in-touch',
  '/terms',
  '/trending',
  '/confirm-subscription',
  '/unsubscribe',
  // storefront.md §2: "Also linked or registered; their content is not shown".
  '/celeb',
  '/ShowsFindr',
  '/celebfindr',
  '/explore',
] as const;
export type WebRoutePattern = (typeof WEB_ROUTE_PATTERNS)[number];

/** The admin console lives under this prefix (link-health-and-routes.md §2.1); it has its own router. */
export const ADMIN_BASE_PATH = '/admin';

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

const compiled = WEB_ROUTE_PATTERNS.map(segments);

/**
 * Whether a pathname is one of the storefront's app routes: case-sensitive (the spec lists /fashion
 * and /Fashion, not /FASHION), a trailing slash is ignored, `:param` takes exactly one segment.
 * The web app's router registers every route case-sensitive to agree.
 */
export function isWebRoute(pathname: string): boolean {
  const parts = segments(pathname);
  return compiled.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i]),
  );
}

/** Whether a pathname belongs to the admin console (served from its own bundle under /admin). */
export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_BASE_PATH || pathname.startsWith(`${ADMIN_BASE_PATH}/`);
}
