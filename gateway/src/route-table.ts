/**
 * The gateway's one route table: every /api path prefix of the specs' section 7 (storefront.md,
 * admin.md, link-health-and-routes.md) and the service that answers it. Services register their
 * routes with the full path (the gateway strips nothing), so a prefix here is also the upstream path.
 * A service that is not running (or not built yet) answers 503 JSON through the gateway.
 */
export const UPSTREAM_SERVICES = {
  catalog: {
    urlVariable: 'CATALOG_URL',
    defaultUrl: 'http://127.0.0.1:3001',
    prefixes: [
      '/api/posts', // storefront.md §7 reads
      '/api/search', // the header's global search (storefront.md §7 Composite operations) in one call
      '/api/images', // demo catalogue images served by the stack itself
      '/api/admin/posts', // admin.md §7 Posts
      '/api/admin/celebrities', // admin.md §7 Celebrities
      '/api/admin/shows', // admin.md §7 Shows
    ],
  },
  accounts: {
    urlVariable: 'ACCOUNTS_URL',
    defaultUrl: 'http://127.0.0.1:3002',
    // admin.md §7 Session, Admin accounts; the audit log (docs/design.md: Audit log)
    prefixes: ['/api/admin/auth', '/api/admin/accounts', '/api/admin/audit-log'],
  },
  'newsletter-support': {
    urlVariable: 'NEWSLETTER_SUPPORT_URL',
    defaultUrl: 'http://127.0.0.1:3003',
    // storefront.md §7, admin.md §7 Support; shopper alerts (services/newsletter-support README)
    prefixes: ['/api/newsletter', '/api/support', '/api/admin/support', '/api/alerts', '/api/admin/alerts'],
  },
  'link-validation': {
    urlVariable: 'LINK_VALIDATION_URL',
    defaultUrl: 'http://127.0.0.1:3004',
    // link-health-and-routes.md §7
    prefixes: ['/api/url-cleaning-rules', '/api/admin/link-validation', '/api/admin/url-cleaning-rules'],
  },
} as const;

export type UpstreamName = keyof typeof UPSTREAM_SERVICES;
export const UPSTREAM_NAMES = Object.keys(UPSTREAM_SERVICES) as UpstreamName[];

/** The service the gateway sends a path to: the one owning its longest matching prefix. */
export function serviceOf(path: string): UpstreamName | undefined {
  let best: { service: UpstreamName; length: number } | undefined;
  for (const service of UPSTREAM_NAMES)
    for (const prefix of UPSTREAM_SERVICES[service].prefixes)
      if ((path === prefix || path.startsWith(`${prefix}/`)) && (!best || prefix.length > best.length))
        best = { service, length: prefix.length };
  return best?.service;
}

/** Each route's body limit: the services' own, from the one table both read (contracts body-limits.ts). */
export { bodyLimitFor } from '@celebstyle/contracts';

/** The admin API; every path under it needs a valid access token (admin.md §6)... */
export const ADMIN_API_PREFIX = '/api/admin';
/** ...except these two, which are how an admin gets a token (admin.md §7 Session). */
export const ADMIN_API_PUBLIC_PATHS: readonly string[] = ['/api/admin/auth/login', '/api/admin/auth/refresh'];

/** Whether a request path (no query string) needs an access token before any upstream sees it. */
export function requiresAdminToken(path: string): boolean {
  const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (normalized !== ADMIN_API_PREFIX && !normalized.startsWith(`${ADMIN_API_PREFIX}/`)) return false;
  return !ADMIN_API_PUBLIC_PATHS.includes(normalized);
}
