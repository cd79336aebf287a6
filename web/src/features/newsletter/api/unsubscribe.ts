import { useMutation } from '@tanstack/react-query';
import type { NewsletterUnsubscribeAnswer } from '@celebstyle/contracts';
import { apiPost } from '../../../lib/api-client.ts';

/** storefront.md §7 POST /newsletter/unsubscribe {email}. */
export function unsubscribe(email: string): Promise<NewsletterUnsubscribeAnswer> {
  return apiPost<NewsletterUnsubscribeAnswer>('/newsletter/unsubscribe', { email });
}

/** The signed link of our e-mails (RFC 8058 one-click): the token alone says which address. */
export function unsubscribeWithToken(token: string): Promise<NewsletterUnsubscribeAnswer> {
  return apiPost<NewsletterUnsubscribeAnswer>(
    `/newsletter/unsubscribe/one-click/${encodeURIComponent(token)}`,
    {},
  );
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: (input: { email: string | null; token: string | null }) =>
      input.token ? unsubscribeWithToken(input.token) : unsubscribe(input.email ?? ''),
  });
}
