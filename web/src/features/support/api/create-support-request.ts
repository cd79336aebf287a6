import { useMutation } from '@tanstack/react-query';
import type { SupportCreateAnswer, SupportCreateBody } from '@celebstyle/contracts';
import { ApiError, buildUrl } from '../../../lib/api-client.ts';

/**
 * storefront.md §7 POST /support; the server stores it and sends both e-mails (the visitor's
 * confirmation and the team's notice). §8: a refused request keeps the server's message.
 */
export async function createSupportRequest(body: SupportCreateBody): Promise<SupportCreateAnswer> {
  const res = await fetch(buildUrl('/support'), {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json().catch(() => null)) as (SupportCreateAnswer & { message?: string }) | null;
  if (!res.ok) throw new ApiError(res.status, res.status < 500 ? answer?.message : undefined);
  return answer as SupportCreateAnswer;
}

export function useCreateSupportRequest() {
  return useMutation({ mutationFn: createSupportRequest });
}
