import { useMutation } from '@tanstack/react-query';
import type { AlertSubscribeAnswer, AlertSubscribeBody } from '@celebstyle/contracts';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/alerts (newsletter-support README, Shopper alerts): double opt-in by e-mail. */
export function subscribeAlert(body: AlertSubscribeBody): Promise<AlertSubscribeAnswer> {
  return apiPost<AlertSubscribeAnswer>('/alerts', body);
}

export function useSubscribeAlert() {
  return useMutation({ mutationFn: subscribeAlert });
}
