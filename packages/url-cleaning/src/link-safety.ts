/**
 * storefront.md §5: affiliate links are dropped when the address is not http(s), is a
 * browser-internal or data address, or points to either of two named resale marketplaces.
 *
 * The spec does not name the two marketplaces. We take the two obvious second-hand resale sites
 * for fashion: Poshmark and eBay, on every country domain (ebay.co.uk, poshmark.ca, ...) and
 * every subdomain (m.ebay.com), plus Poshmark's short-link host posh.mk.
 */
export const RESALE_MARKETPLACES = ['poshmark', 'ebay'] as const;
const RESALE_SHORT_HOSTS = ['posh.mk'];
// a marketplace name followed by a public suffix of one or two short labels: ebay.com, ebay.co.uk
const RESALE_HOST = new RegExp(`(^|\\.)(${RESALE_MARKETPLACES.join('|')})(\\.[a-z]{2,3}){1,2}$`);

/** Parses an absolute http(s) address; anything else (chrome:, about:, javascript:, file:, data:, blob:, relative, junk) is null. */
export function parseHttpUrl(raw: unknown): URL | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  // only absolute http(s) addresses count; the check runs before parsing so that odd inputs
  // such as 'javascript:...' never reach the URL parser's scheme-specific handling
  if (!/^https?:\/\//i.test(trimmed)) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url;
}

export function isResaleMarketplaceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return RESALE_SHORT_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)) || RESALE_HOST.test(host);
}

/** Whether a link may be shown at all (storefront.md §5). */
export function isAllowedLink(raw: unknown): boolean {
  const url = parseHttpUrl(raw);
  return url !== null && !isResaleMarketplaceHost(url.hostname);
}
