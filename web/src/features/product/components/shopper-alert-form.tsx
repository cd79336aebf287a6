import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AlertText, type AlertKind } from '@celebstyle/contracts';
import { NEWSLETTER_EMAIL_PATTERN } from '../../../config/constants.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { useSubscribeAlert } from '../api/subscribe-alert.ts';

type Status = 'idle' | 'loading' | 'success' | 'error';

/**
 * The shopper alert's form (e-mail, consent text) with loading, success and error states announced
 * politely. Loaded when a shopper opens it, so it never weighs on the product page's first load.
 * The e-mail field takes the focus when it opens; an address refused here sends the focus back to it.
 */
export default function ShopperAlertForm({
  postId,
  offer,
  label,
}: {
  postId: string;
  offer: { kind: AlertKind; linkId: string };
  label: string;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const subscription = useSubscribeAlert();
  const field = useRef<HTMLInputElement>(null);
  // The form mounts when the shopper opens it (a click or Enter on the toggle): typing can start at once.
  useEffect(() => field.current?.focus(), []);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (status === 'loading') return;
    const value = email.trim();
    if (!NEWSLETTER_EMAIL_PATTERN.test(value)) {
      setStatus('error');
      setMessage(AlertText.invalidEmail);
      field.current?.focus();
      return;
    }
    setStatus('loading');
    setMessage('');
    subscription.mutate(
      { email: value, postId, linkId: offer.linkId, kind: offer.kind, website },
      {
        onSuccess: () => {
          setStatus('success');
          setMessage('Check your email: we sent you a link to turn the alert on.');
          setEmail('');
        },
        onError: (error) => {
          setStatus('error');
          setMessage(serverMessage(error) ?? 'Something went wrong. Please try again.');
        },
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="mt-3 rounded-xl p-4 ring-1 ring-neutral-200"
    >
      <div className="flex gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          ref={field}
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={status === 'error' || undefined}
          aria-describedby={`${id}-consent ${id}-status`}
          className="min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm focus:border-ink focus:outline-none"
        />
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page */}
        <button
          type="submit"
          aria-disabled={status === 'loading' || undefined}
          className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-neutral-800 aria-disabled:opacity-60"
        >
          {status === 'loading' ? 'Sending...' : 'Notify me'}
        </button>
      </div>
      <HoneypotField value={website} onChange={setWebsite} />
      <p id={`${id}-consent`} className="mt-2 text-xs text-neutral-500">
        We will e-mail you about this item only, once you confirm your address. Every e-mail has a link to
        stop it; alerts end after 90 days.
      </p>
      <p id={`${id}-status`} role="status" aria-live="polite" className="mt-2 min-h-5 text-sm">
        {status === 'success' && <span className="text-emerald-700">{message}</span>}
        {status === 'error' && <span className="text-red-700">{message}</span>}
      </p>
    </form>
  );
}
