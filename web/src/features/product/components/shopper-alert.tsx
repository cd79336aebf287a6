import { lazy, Suspense, useId, useState } from 'react';
import type { AlertKind, PublicPost } from '@celebstyle/contracts';
import { linkPrice } from '../api/use-shopping-links.ts';
import { chooseShoppingLinks } from '../link-availability.ts';

const ShopperAlertForm = lazy(() => import('./shopper-alert-form.tsx'));

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
  if (choice.kind === 'shop' && linkPrice(choice.shopNow) !== null)
    return { kind: 'price_drop', linkId: choice.shopNow._id };
  return null;
}

/**
 * Shopper alerts on the product page: a button that opens a small form. Decided from the post's own
 * link health, so the button is there from the first paint and nothing moves when the links are
 * rewritten; the form's code loads when it is first opened.
 */
export function ShopperAlert({ post }: { post: Pick<PublicPost, '_id' | 'affiliateLinks'> }) {
  const id = useId();
  const offer = alertOffer(post);
  const [open, setOpen] = useState(false);
  if (!offer) return null;
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
      <div id={`${id}-form`} hidden={!open}>
        {open && (
          <Suspense fallback={<p className="mt-3 text-sm text-neutral-500">Loading...</p>}>
            <ShopperAlertForm postId={post._id} offer={offer} label={LABELS[offer.kind]} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
