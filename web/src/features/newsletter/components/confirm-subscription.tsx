import { NewsletterText } from '@celebstyle/contracts';
import { useSearchParams } from 'react-router';
import { useConfirmSubscription } from '../api/confirm-subscription.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { ResultPanel } from './result-panel.tsx';

/** storefront.md §2/§4/§8: confirms on load with ?token=, showing loading, success or error. */
export function ConfirmSubscription() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirmation = useConfirmSubscription(token);

  if (!token) {
    return (
      <ResultPanel tone="error" title="Confirmation failed">
        Invalid confirmation link. Please check your email and try again.
      </ResultPanel>
    );
  }
  if (confirmation.isPending) {
    return (
      <ResultPanel tone="loading" title="Confirming your subscription...">
        Please wait a moment.
      </ResultPanel>
    );
  }
  if (confirmation.isError || !confirmation.data.success) {
    const message = confirmation.isError ? serverMessage(confirmation.error) : confirmation.data.message;
    return (
      <ResultPanel tone="error" title="Confirmation failed">
        {message || 'Failed to confirm subscription. Please try again.'}
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="success" title="Subscription confirmed">
      {confirmation.data.message || NewsletterText.confirmed}
    </ResultPanel>
  );
}
