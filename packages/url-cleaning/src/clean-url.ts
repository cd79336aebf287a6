import { findRule, type NormalizedRule } from './cleaning-rules.ts';
import { isResaleMarketplaceHost, parseHttpUrl } from './link-safety.ts';

/**
 * Cleans one link by the rules (storefront.md §4, link-health-and-routes.md §1): for a domain with
 * a rule (the domain itself or any subdomain), only query parameters whose names match one of the
 * rule's patterns are kept. A domain without a rule keeps its address unchanged: we cannot know
 * which parameters a retailer needs, and a working link beats a tidy one. The fragment is kept.
 *
 * Returns null for a link that must be dropped (not http(s), browser-internal, data, resale
 * marketplace). Never throws. Idempotent: cleaning a cleaned URL gives the same URL.
 */
export function cleanUrl(raw: unknown, rules: readonly NormalizedRule[]): string | null {
  const url = parseHttpUrl(raw);
  if (!url || isResaleMarketplaceHost(url.hostname)) return null;
  const rule = findRule(url.hostname, rules);
  if (rule) {
    const kept = [...url.searchParams].filter(([name]) => rule.patterns.some((p) => p.test(name)));
    url.search = '';
    for (const [name, value] of kept) url.searchParams.append(name, value);
  }
  return url.toString();
}
