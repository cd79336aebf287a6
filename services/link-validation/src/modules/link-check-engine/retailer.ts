import { isIP } from 'node:net';
import { getDomain, getDomainWithoutSuffix } from 'tldts';
import { perHost } from './host-memo.ts';

/** The registrable domain of a host (public suffix list): 'www.shop.asos.com' → 'asos.com'. */
export const registrableDomain = perHost((hostname: string): string => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0) return bare;
  return getDomain(bare, { allowPrivateDomains: true }) ?? bare;
});

/** The domain without its public suffix ('net-a-porter.com' → 'net-a-porter'); an IP as it is. */
const domainLabel = perHost((domain: string): string =>
  isIP(domain) !== 0 ? domain : (getDomainWithoutSuffix(domain, { allowPrivateDomains: true }) ?? domain),
);

/**
 * The shop's display name: the name the page gives itself (og:site_name, its Organization), else
 * one made from the domain ('net-a-porter.com' → 'Net A Porter').
 */
export function retailerName(siteName: string | null, domain: string): string {
  const own = siteName?.replace(/\s+/g, ' ').trim();
  if (own) return own.slice(0, 100);
  return domainLabel(domain)
    .split(/[-_.]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
