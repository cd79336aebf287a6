import { queryOptions, useQuery } from '@tanstack/react-query';
import { rulesFromAnswer, normalizeRules, type NormalizedRule } from '@celebstyle/url-cleaning';
import { apiGet } from '../api-client.ts';

/**
 * GET /api/url-cleaning-rules (link-health-and-routes.md §7). A failure is logged and answers null,
 * so links are left as they are (storefront.md §4, §8) instead of failing the page.
 */
export async function getUrlCleaningRules(signal?: AbortSignal): Promise<NormalizedRule[] | null> {
  try {
    return normalizeRules(rulesFromAnswer(await apiGet<unknown>('/url-cleaning-rules', undefined, signal)));
  } catch (error) {
    if (signal?.aborted) throw error;
    console.warn('URL cleaning rules unavailable; affiliate links are left as they are.', error);
    return null;
  }
}

export const getUrlCleaningRulesQueryOptions = () =>
  queryOptions({
    queryKey: ['url-cleaning-rules'],
    queryFn: ({ signal }) => getUrlCleaningRules(signal),
    staleTime: 30 * 60_000,
    retry: false,
  });

export function useUrlCleaningRules() {
  return useQuery(getUrlCleaningRulesQueryOptions());
}
