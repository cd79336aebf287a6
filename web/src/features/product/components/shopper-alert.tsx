import { useId, useState, type FormEvent } from 'react';
import { AlertText, type AlertKind, type PublicPost } from '@celebstyle/contracts';
import { NEWSLETTER_EMAIL_PATTERN } from '../../../config/constants.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { priceFromText } from '../api/use-shopping-links.ts';
import { useSubscribeAlert } from '../api/subscribe-alert.ts';
import { chooseShoppingLinks } from '../link-availability.ts';

type Status = 'idle' | 'loading' | 'success' | 'error';

const LABELS: Record<AlertKind, string> = {
  back_in_stock: "Notify me when it's back",
  price_drop: 'Tell me if the price drops',
};

/** Which alert the item offers: back in stock where it is sold out, a price drop where a price is known. */
export function alertOffer(
  post: Pick<PublicPost, 'affiliateLinks'>,
): { kind: AlertKind; linkId: string } | null {
  const choice = chooseShoppingLinks(post.affiliateLinks);
  if (choice.kind === 'sold-out') return { kind: 'back_in_stock', linkId: choice.options[0]!.link._id };
  if (choice.kind === 'shop' && priceFromText(choice.shopNow.text) !== null)
    return { kind: 'price_drop', linkId: choice.shopNow._id };
  return null;
}

/**
 * Shopper alerts on the product page: a button that opens a small form (e-mail, consent text), with
 * loading, success and error states announced politely. Decided from the post's own link health,
 * so the button is there from the first paint and nothing moves when the links are rewritten.
 */
export function ShopperAlert({ post }: { post: Pick<PublicPost, '_id' | 'affiliateLinks'> }) {
  const id = useId();
  const offer = alertOffer(post);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const subscription = useSubscribeAlert();
  if (!offer) return null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!NEWSLETTER_EMAIL_PATTERN.test(value)) {
      setStatus('error');
      setMessage(AlertText.invalidEmail);
      return;
    }
    setStatus('loading');
    setMessage('');
    subscription.mutate(
      { email: value, postId: post._id, linkId: offer!.linkId, kind: offer!.kind, website },
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
    <div className="mt-4" data-testid="shopper-alert">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen((was) => !was)}
        className="text-sm font-semibold text-ink underline underline-offset-4 hover:text-neutral-700"
      >
        {LABELS[offer.kind]}
      </button>
      <form
        id={`${id}-form`}
        hidden={!open}
        onSubmit={onSubmit}
        noValidate
        aria-label={LABELS[offer.kind]}
        className="mt-3 rounded-xl p-4 ring-1 ring-neutral-200"
      >
        <div className="flex gap-2">
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
            aria-describedby={`${id}-consent ${id}-status`}
            className="min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm focus:border-ink focus:outline-none"
          />
          <button
            type="submit"
            disabled={status === 'loading'}
            className="rounded-md bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-neutral-800 disabled:opacity-60"
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
    </div>
  );
}
