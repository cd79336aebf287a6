import { cleanUrl, type NormalizedRule } from '@celebstyle/url-cleaning';
import type { LinkCheckResult } from './link-check-result.ts';
import type { LinkChecker } from './link-checker.ts';
import { recommend, type Recommendation } from './recommendation.ts';

export interface LinkAndCleanedCheck {
  original: LinkCheckResult;
  /** The storefront's cleaned address (url-cleaning with the active rules); null when dropped. */
  cleanUrl: string | null;
  /** The check of the cleaned address, when it differs from the original. */
  cleaned: LinkCheckResult | null;
  /** One of the eight values when both were checked; null when there was nothing to compare. */
  recommendation: Recommendation | null;
}

/**
 * Checks a link and, when the storefront would send shoppers to a different (cleaned) address, that
 * address too, one after the other (the same shop is not asked twice at once). A link whose
 * cleaned form equals it gets no recommendation: there is no choice to make.
 */
export async function checkWithCleaned(
  checker: LinkChecker,
  url: string,
  rules: readonly NormalizedRule[],
  stop?: AbortSignal,
): Promise<LinkAndCleanedCheck> {
  const original = await checker.check(url, stop);
  const cleaned = cleanUrl(url, rules);
  if (cleaned === null || cleaned === normalized(url)) {
    return { original, cleanUrl: cleaned, cleaned: null, recommendation: null };
  }
  const cleanedResult = await checker.check(cleaned, stop);
  return {
    original,
    cleanUrl: cleaned,
    cleaned: cleanedResult,
    recommendation: recommend(original, cleanedResult),
  };
}

function normalized(url: string): string | null {
  try {
    return new URL(url.trim()).toString();
  } catch {
    return null;
  }
}
