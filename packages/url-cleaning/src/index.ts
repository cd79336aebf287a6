/**
 * URL cleaning and affiliate rewriting, one implementation for server and browser
 * (storefront.md §4, §5; link-health-and-routes.md §2.4, §7). Pure functions, no I/O, no Node or
 * DOM APIs beyond the WHATWG URL, so it runs in both places.
 */
export { RESALE_MARKETPLACES, parseHttpUrl, isResaleMarketplaceHost, isAllowedLink } from './link-safety.ts';
export {
  type UrlCleaningRule,
  type NormalizedRule,
  rulesFromAnswer,
  expandParamPatterns,
  normalizeDomain,
  normalizeRules,
  findRule,
} from './cleaning-rules.ts';
export { cleanUrl } from './clean-url.ts';
export { type ParamPattern, PARAM_PATTERN_LIMITS, compileParamPattern } from './param-pattern.ts';
export { type AffiliateConfig, rewriteAffiliateUrl } from './affiliate-rewrite.ts';
export { AFFILIATE_NETWORK_HOSTS, isAffiliateNetworkUrl } from './affiliate-networks.ts';
export {
  type ShoppableLink,
  type LinkPreparation,
  prepareAffiliateHref,
  prepareAffiliateLinks,
  affiliateHrefOfCleaned,
} from './prepare-links.ts';
