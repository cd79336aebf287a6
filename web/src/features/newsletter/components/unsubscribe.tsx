import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useUnsubscribe } from '../api/unsubscribe.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { ResultPanel } from './result-panel.tsx';

/**
 * storefront.md §2/§4/§8: runs on load with ?email= (or the signed ?token= of our e-mails' one-click
 * link), showing idle, loading, success or error.
 */
export function Unsubscribe() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const token = params.get('token');
  const request = useUnsubscribe();
  const started = useRef(false);
  const { mutate } = request;

  useEffect(() => {
    if (started.current || (!email && !token)) return;
    started.current = true; // once per page view, also under StrictMode's double effect
    mutate({ email, token });
  }, [email, token, mutate]);

  if (!email && !token) {
    return (
      <ResultPanel tone="error" title="Unsubscribe failed">
        Invalid unsubscribe link. Please check your email and try again.
      </ResultPanel>
    );
  }
  if (request.isIdle) {
    return (
      <ResultPanel tone="idle" title="Unsubscribe">
        Preparing your request...
      </ResultPanel>
    );
  }
  if (request.isPending) {
    return (
      <ResultPanel tone="loading" title="Unsubscribing...">
        Please wait a moment.
      </ResultPanel>
    );
  }
  if (request.isError || !request.data.success) {
    const message = request.isError ? serverMessage(request.error) : request.data.message;
    return (
      <ResultPanel tone="error" title="Unsubscribe failed">
        {message || 'Failed to process your request. Please try again.'}
      </ResultPanel>
    );
  }
  return (
    <ResultPanel tone="success" title={request.data.alreadyUnsubscribed ? 'Not subscribed' : 'Unsubscribed'}>
      {request.data.message}
      {email && <span className="mt-2 block text-sm text-neutral-500">{email}</span>}
    </ResultPanel>
  );
}
