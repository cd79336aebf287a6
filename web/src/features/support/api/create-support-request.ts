import { useMutation } from '@tanstack/react-query';
import type { SupportCreateAnswer, SupportCreateBody } from '@celebstyle/contracts';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * storefront.md §7 POST /support; the server stores it and sends both e-mails (the visitor's
 * confirmation and the team's notice). §8: a refused request keeps the server's message.
 */
export function createSupportRequest(body: SupportCreateBody): Promise<SupportCreateAnswer> {
  return apiPost<SupportCreateAnswer>('/support', body);
}

export function useCreateSupportRequest() {
  return useMutation({ mutationFn: createSupportRequest });
}
