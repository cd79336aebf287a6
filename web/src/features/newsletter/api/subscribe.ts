import { useMutation } from '@tanstack/react-query';
import type { NewsletterSubscribeAnswer, NewsletterSubscribeBody } from '@celebstyle/contracts';
import { apiPost } from '../../../lib/api-client.ts';

/** storefront.md §7 POST /newsletter/subscribe; the server sends the confirmation e-mail. */
export function subscribe(body: NewsletterSubscribeBody): Promise<NewsletterSubscribeAnswer> {
  return apiPost<NewsletterSubscribeAnswer>('/newsletter/subscribe', body);
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
