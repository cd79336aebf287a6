import { useEffect, useId, useState, type FormEvent } from 'react';
import { NewsletterText } from '@celebstyle/contracts';
import { NEWSLETTER_EMAIL_PATTERN, NEWSLETTER_MESSAGE_RESET_MS } from '../../../config/constants.ts';
import { useSubscribe } from '../api/subscribe.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { HoneypotField } from '../../../components/honeypot-field.tsx';

type Status = 'idle' | 'loading' | 'success' | 'error';

const styles = {
  footer: {
    heading: 'text-xs font-semibold tracking-[0.2em] uppercase text-white',
    lead: 'mt-2 text-sm text-white/70',
    input:
      'min-w-0 flex-1 rounded-md border border-white/20 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-white/50 focus:border-gold focus:outline-none',
    button:
      'rounded-md bg-gold px-4 py-2 text-sm font-semibold text-ink hover:bg-gold/90 disabled:opacity-60',
    success: 'text-emerald-300',
    error: 'text-red-300',
  },
  page: {
    heading: 'font-display text-3xl text-ink',
    lead: 'mt-3 text-neutral-600',
    input:
      'min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-4 py-3 text-base focus:border-ink focus:outline-none',
    button: 'rounded-md bg-ink px-6 py-3 font-semibold text-white hover:bg-neutral-800 disabled:opacity-60',
    success: 'text-emerald-700',
    error: 'text-red-700',
  },
} as const;

/**
 * storefront.md §2 footer and About newsletter form: idle, loading, success, error (§4), the texts
 * of §8, and back to idle after 5 s (§9). The server sends the confirmation e-mail (double opt-in).
 */
export function NewsletterForm({ variant = 'footer' }: { variant?: 'footer' | 'page' }) {
  const s = styles[variant];
  const id = useId();
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const subscription = useSubscribe();

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = setTimeout(() => {
      setStatus('idle');
      setMessage('');
    }, NEWSLETTER_MESSAGE_RESET_MS);
    return () => clearTimeout(timer);
  }, [status, message]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!NEWSLETTER_EMAIL_PATTERN.test(value)) {
      setStatus('error');
      setMessage(NewsletterText.invalidEmail);
      return;
    }
    setStatus('loading');
    setMessage('');
    subscription.mutate(
      { email: value, website },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setStatus('error');
            setMessage(answer.message || 'Failed to subscribe');
            return;
          }
          setStatus('success');
          setMessage(answer.alreadySubscribed ? NewsletterText.alreadySubscribed : NewsletterText.subscribed);
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
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`} className="relative">
      <h2 id={`${id}-heading`} className={s.heading}>
        {variant === 'footer' ? 'Newsletter' : 'Get the Looks First'}
      </h2>
      <p className={s.lead}>
        {variant === 'footer'
          ? 'Celebrity looks in your inbox, once a week.'
          : 'New celebrity outfits, show picks and shopping finds, straight to your inbox. No spam, unsubscribe any time.'}
      </p>
      <div className="mt-4 flex gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={status === 'error' || undefined}
          aria-describedby={`${id}-status`}
          className={s.input}
        />
        <button type="submit" disabled={status === 'loading'} className={s.button}>
          {status === 'loading' ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <HoneypotField value={website} onChange={setWebsite} />
      <p id={`${id}-status`} role="status" aria-live="polite" className="mt-2 min-h-5 text-sm">
        {status === 'success' && <span className={s.success}>{message}</span>}
        {status === 'error' && <span className={s.error}>{message}</span>}
      </p>
    </form>
  );
}
