import { isAffiliateNetworkUrl } from './affiliate-networks.ts';
import { parseHttpUrl } from './link-safety.ts';

/** Run-time affiliate settings (GET /api/site-config → affiliate), never baked into bundles. */
export type AffiliateConfig = { redirectBaseUrl: string; partnerId: string };

/**
 * storefront.md §4: each link passes through the affiliate redirect service via a `url` query
 * parameter with a fixed partner id: `{redirectBaseUrl}?url={encoded link}&id={partnerId}`
 * (parameters are appended to any the base already has).
 *
 * Without a usable base URL (not configured, not http(s)) the link is returned unchanged. A link
 * that already goes through the redirect service, or through an affiliate network
 * (affiliate-networks.ts: Skimlinks, LTK, Rakuten, Awin, CJ, Impact, an Amazon `tag`, …), is not
 * wrapped again: it earns already, and a second wrap would only break its tracking.
 */
export function rewriteAffiliateUrl(link: string, config: AffiliateConfig | null | undefined): string {
  const base = config ? parseHttpUrl(config.redirectBaseUrl) : null;
  if (!base || !config) return link;
  if (isRedirectServiceUrl(link, base) || isAffiliateNetworkUrl(link)) return link;
  base.searchParams.set('url', link);
  if (config.partnerId) base.searchParams.set('id', config.partnerId);
  return base.toString();
}

function isRedirectServiceUrl(link: string, base: URL): boolean {
  const url = parseHttpUrl(link);
  return (
    url !== null &&
    url.origin === base.origin &&
    url.pathname === base.pathname &&
    url.searchParams.has('url')
  );
}
