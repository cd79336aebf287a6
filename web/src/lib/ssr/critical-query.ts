/**
 * Marks a query whose failure leaves nothing of its page to show (a product, a profile, the Fashion
 * listing): when such a query fails on the server with a 5xx or no answer, the page is answered as
 * the error page with a 5xx status. Other queries fail inside their page as in the browser (the
 * home sections' sample data, a section's retry panel).
 */
export const CRITICAL_QUERY_META = { critical: true } as const;

export function isCriticalQuery(meta: Record<string, unknown> | undefined): boolean {
  return meta?.critical === true;
}
