import { useMutation } from '@tanstack/react-query';
import type { NewsletterSubscribeAnswer, NewsletterSubscribeBody } from '@celebstyle/contracts';
import { sendJson } from './send-json.ts';

/** storefront.md §7 POST /newsletter/subscribe; the server sends the confirmation e-mail. */
export function subscribe(body: NewsletterSubscribeBody): Promise<NewsletterSubscribeAnswer> {
  return sendJson<NewsletterSubscribeAnswer>('POST', '/newsletter/subscribe', body);
}

export function useSubscribe() {
  return useMutation({ mutationFn: subscribe });
}
