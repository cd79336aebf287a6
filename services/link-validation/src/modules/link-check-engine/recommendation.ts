import type { LinkCheckResult, LinkStatus } from './link-check-result.ts';

/** link-health-and-routes.md §3: recommendation values. */
export type Recommendation =
  | 'use_original'
  | 'use_original_despite_parameters'
  | 'use_original_with_parameters'
  | 'use_original_for_safety'
  | 'use_cleaned_url'
  | 'equivalent'
  | 'investigate'
  | 'both_broken';

type Health = 'good' | 'unsure' | 'dead';

/** good: the page works (a sold-out page still shows the product); dead: gone for good. */
export function healthOf(status: LinkStatus): Health {
  switch (status) {
    case 'active':
    case 'sold_out':
      return 'good';
    case '404':
    case 'invalid':
    case 'product_removed':
    case 'redirect_error':
      return 'dead';
    default:
      return 'unsure';
  }
}

/**
 * What to do with a link whose cleaned URL differs from the original, from both checks (decision
 * table in the service README, "Original versus cleaned"):
 *
 * | original \ cleaned | good, same page | good, differs | unsure | dead |
 * |---|---|---|---|---|
 * | good   | equivalent | use_original_with_parameters (investigate if only the cleaned one is buyable) | use_original_despite_parameters | use_original |
 * | unsure | use_cleaned_url | use_cleaned_url | use_original_for_safety | use_original_for_safety |
 * | dead   | use_cleaned_url | use_cleaned_url | investigate | both_broken |
 */
export function recommend(original: LinkCheckResult, cleaned: LinkCheckResult): Recommendation {
  const o = healthOf(original.linkStatus);
  const c = healthOf(cleaned.linkStatus);
  if (o === 'good') {
    if (c === 'dead') return 'use_original';
    if (c === 'unsure') return 'use_original_despite_parameters';
    if (samePage(original, cleaned)) return 'equivalent';
    if (original.linkStatus === 'sold_out' && cleaned.linkStatus === 'active') return 'investigate';
    return 'use_original_with_parameters';
  }
  if (c === 'good') return 'use_cleaned_url';
  if (o === 'unsure') return 'use_original_for_safety';
  return c === 'dead' ? 'both_broken' : 'investigate';
}

/** Both land on the same product page in the same state at the same price. */
function samePage(a: LinkCheckResult, b: LinkCheckResult): boolean {
  return a.linkStatus === b.linkStatus && a.price === b.price && pageOf(a.finalUrl) === pageOf(b.finalUrl);
}

function pageOf(url: string | null): string | null {
  if (url === null) return null;
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname.replace(/\/+$/, '')}`;
}
