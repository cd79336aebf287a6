import { normalizeRules, type NormalizedRule, type UrlCleaningRule } from './cleaning-rules.ts';
import { cleanUrl } from './clean-url.ts';
import { rewriteAffiliateUrl, type AffiliateConfig } from './affiliate-rewrite.ts';
import { isAllowedLink, isResaleMarketplaceHost, parseHttpUrl } from './link-safety.ts';

export type ShoppableLink = { url: string; realUrl?: string | null };

export type LinkPreparation = {
  /** null when the rule fetch failed: links are then left as they are (storefront.md §4). */
  rules: readonly UrlCleaningRule[] | readonly NormalizedRule[] | null;
  affiliate: AffiliateConfig | null | undefined;
};

function isNormalized(rules: LinkPreparation['rules']): rules is readonly NormalizedRule[] {
  return Array.isArray(rules) && rules.every((r) => 'patterns' in (r as object));
}

/**
 * The address a visitor is sent to for one affiliate link, or null when the link is dropped.
 * The link's `url` is the one cleaned and rewritten; a link is also dropped when its resolved
 * realUrl lands on a resale marketplace (storefront.md §5).
 *
 * Order: drop → clean → rewrite through the redirect service; without rules, drop only.
 */
export function prepareAffiliateHref(
  link: ShoppableLink,
  { rules, affiliate }: LinkPreparation,
): string | null {
  if (!isShoppable(link)) return null;
  // storefront.md §4: without the rules, links are left as they are: not cleaned, and not
  // rewritten either (the rewrite's preserved parameters come from the same rules).
  if (rules === null) return link.url.trim();
  const target = cleanUrl(link.url, isNormalized(rules) ? rules : normalizeRules(rules));
  if (target === null) return null;
  return rewriteAffiliateUrl(target, affiliate);
}

function isShoppable(link: ShoppableLink): boolean {
  if (!isAllowedLink(link.url)) return false;
  const real = parseHttpUrl(link.realUrl);
  return !(real && isResaleMarketplaceHost(real.hostname));
}

/**
 * The same address as prepareAffiliateHref, for a link already cleaned with the active rules
 * elsewhere (link-validation cleans every link it checks with them): drop, then rewrite.
 */
export function affiliateHrefOfCleaned(
  link: ShoppableLink,
  cleaned: string | null,
  affiliate: AffiliateConfig | null | undefined,
): string | null {
  if (!isShoppable(link) || cleaned === null) return null;
  return rewriteAffiliateUrl(cleaned, affiliate);
}

/** Prepares a list, dropping unsafe links and keeping the order of the rest. */
export function prepareAffiliateLinks<T extends ShoppableLink>(
  links: readonly T[],
  preparation: LinkPreparation,
): (T & { href: string })[] {
  const normalized: LinkPreparation = {
    ...preparation,
    rules: preparation.rules === null ? null : normalizeRulesOnce(preparation.rules),
  };
  const out: (T & { href: string })[] = [];
  for (const link of links) {
    const href = prepareAffiliateHref(link, normalized);
    if (href !== null) out.push({ ...link, href });
  }
  return out;
}

function normalizeRulesOnce(rules: NonNullable<LinkPreparation['rules']>): readonly NormalizedRule[] {
  return isNormalized(rules) ? rules : normalizeRules(rules);
}
