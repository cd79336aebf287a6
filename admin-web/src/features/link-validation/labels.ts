import { LinkStatusValues, RecommendationValues, type LinkStatusValue } from '@celebstyle/contracts';
import { formatDate, formatDateTime } from '../../lib/date-time.ts';

/** §3 link status labels. */
export const LINK_STATUS_LABELS: Record<LinkStatusValue, string> = {
  active: 'Active',
  sold_out: 'Sold Out',
  '404': '404 Not Found',
  invalid: 'Invalid URL',
  server_error: 'Server Error',
  redirect_error: 'Redirect Error',
  access_denied: 'Access Denied',
  product_removed: 'Product Removed',
  unknown: 'Unknown Status',
};
export const LINK_STATUSES = LinkStatusValues;
export const linkStatusLabel = (status: string) => LINK_STATUS_LABELS[status as LinkStatusValue] ?? status;

/** §4.1: the statuses the Link Status filter offers. */
export const FILTER_LINK_STATUSES: readonly LinkStatusValue[] = [
  'active',
  'sold_out',
  '404',
  'invalid',
  'server_error',
  'unknown',
];

/** §4.6 badge colours: active green, sold_out yellow, 404 and invalid red, all others grey. */
export function badgeColour(status: string): 'green' | 'yellow' | 'red' | 'grey' {
  if (status === 'active') return 'green';
  if (status === 'sold_out') return 'yellow';
  if (status === '404' || status === 'invalid') return 'red';
  return 'grey';
}

export const RECOMMENDATIONS = RecommendationValues;
/** A stored value as words: 'use_cleaned_url' → 'Use cleaned URL', 'in_stock' → 'In stock'. */
export const valueAsWords = (value: string) =>
  value
    .replace(/_/g, ' ')
    .replace(/\burl\b/gi, 'URL')
    .replace(/^./, (first) => first.toUpperCase());
export const recommendationLabel = (recommendation: string) => valueAsWords(recommendation);
/** The stock status a check read from the page (in_stock, limited, out_of_stock, …), in words. */
export const stockStatusLabel = (value: string | null) => (value ? valueAsWords(value) : '—');

/** §4.5 descriptions (the other values have none). */
export const RECOMMENDATION_DESCRIPTIONS: Partial<Record<string, string>> = {
  use_original: "Use the original URL - it's working correctly",
  use_cleaned_url: "Use the cleaned URL - it's more reliable",
  investigate: 'Manual investigation needed - URLs behave differently',
  both_broken: 'Both URLs are broken - link needs replacement',
};

/** §8 broken images: replaced by this placeholder. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e5e7eb"/><path d="M16 44l10-12 8 9 6-7 8 10z" fill="#9ca3af"/><circle cx="24" cy="22" r="5" fill="#9ca3af"/></svg>',
  );

/** A link's last check ('Never' before the first); its next check is a day ('—' when none is planned). */
export const checkedWhen = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');
export const plannedDay = (iso: string | null) => (iso ? formatDate(iso) : '—');

/**
 * §2.3 price with its currency, default $: the checker stores ISO 4217 codes (EUR), shown with their
 * symbol ('€89.50'); no currency is dollars.
 */
export function formatPrice(price: number, currency: string | null): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(price);
  } catch {
    // not a currency code Intl knows: the code as stored, then the amount
    return `${currency} ${price}`;
  }
}
