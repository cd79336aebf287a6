import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsletterConfirmAnswer } from '@celebstyle/contracts';
import { apiGet } from '../../../lib/api-client.ts';

/** storefront.md §7 GET /newsletter/confirm/{token}. */
export function confirmSubscription(token: string): Promise<NewsletterConfirmAnswer> {
  return apiGet<NewsletterConfirmAnswer>(`/newsletter/confirm/${encodeURIComponent(token)}`);
}

/**
 * The token is single use: ask once per page view and never again on focus or retry, or a second
 * call would turn a confirmed page into an error.
 */
export const getConfirmSubscriptionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['newsletter', 'confirm', token],
    queryFn: () => confirmSubscription(token),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useConfirmSubscription(token: string | null) {
  return useQuery({ ...getConfirmSubscriptionQueryOptions(token ?? ''), enabled: Boolean(token) });
}
