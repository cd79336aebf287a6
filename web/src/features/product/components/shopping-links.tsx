import type { PublicPost } from '@celebstyle/contracts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { ShoppingLink } from '../api/use-shopping-links.ts';
import { chooseShoppingLinks, type ShoppingOption } from '../link-availability.ts';
import { openOnce } from './open-once.ts';
import { SimilarLooks } from './similar-looks.tsx';
import { StickyShopNow } from './sticky-shop-now.tsx';
import { formatPrice } from '../../../lib/offers/price-format.ts';
import { useRef } from 'react';

const optionsLabel = 'text-xs font-semibold tracking-[0.2em] text-neutral-500 uppercase';
const optionsList = 'mt-2 divide-y divide-neutral-200 rounded-xl ring-1 ring-neutral-200';
const mainButton =
  'flex h-12 w-full items-center justify-center gap-2 rounded-full text-sm font-semibold tracking-[0.15em] uppercase';

type ShoppingPost = Pick<PublicPost, '_id' | 'celebrity' | 'show' | 'affiliateLinks'>;

/** Until the links are rewritten: the main button and one row per further option, at their final size. */
function ShoppingLinksSkeleton({ rows }: { rows: number }) {
  return (
    <div className="space-y-5" aria-hidden>
      <Skeleton className="h-12 w-full rounded-full" />
      {rows > 0 && (
        <div>
          <p className={optionsLabel}>More Shopping Options</p>
          <ul className={optionsList}>
            {Array.from({ length: rows }, (_, i) => (
              <li key={i} className="px-4 py-3 text-sm">
                <Skeleton className="h-5 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** 'Revolve · Similar · $34.99': the shop, whether it is the exact item, and the price. */
function optionFacts(link: ShoppingLink): string {
  const price = link.price !== null ? formatPrice(link.price, link.currency) : null;
  return [link.shop, link.match, price].filter(Boolean).join(' · ');
}

function MoreShoppingOptions({ options }: { options: ShoppingOption<ShoppingLink>[] }) {
  if (options.length === 0) return null;
  return (
    <section aria-labelledby="more-options">
      <h2 id="more-options" className={optionsLabel}>
        More Shopping Options
      </h2>
      <ul className={optionsList}>
        {options.map(({ link, soldOut }) => (
          <li key={link._id}>
            <a
              href={link.href}
              target="_blank"
              rel="sponsored noopener noreferrer"
              onClick={openOnce}
              data-sold-out={soldOut || undefined}
              className="flex items-center justify-between gap-3 px-4 py-3 text-sm hover:bg-neutral-50"
            >
              <span className="min-w-0 flex-1">
                <span className={`block truncate ${soldOut ? 'text-neutral-500' : ''}`}>
                  {link.label || link.shop || new URL(link.url).hostname}
                </span>
                <span
                  className="block truncate text-xs leading-4 text-neutral-500"
                  data-testid="option-facts"
                >
                  {optionFacts(link)}
                </span>
              </span>
              {soldOut && (
                <span className="ml-auto shrink-0 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-semibold text-neutral-700">
                  Sold out
                </span>
              )}
              <span aria-hidden className="shrink-0 text-neutral-500">
                ↗
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Every link of the item is dead: say so, and lead to similar looks instead of a dead Shop Now. */
function NoLongerAvailable({ post }: { post: ShoppingPost }) {
  return (
    <div className="space-y-5" data-testid="item-unavailable">
      <div className="rounded-xl bg-neutral-50 px-4 py-4 ring-1 ring-neutral-200">
        <h2 className="font-display text-xl">This item is no longer available</h2>
        <p className="mt-1 text-sm text-neutral-700">The shops we linked to no longer sell it.</p>
      </div>
      <SimilarLooks post={post} />
    </div>
  );
}

/**
 * Shop Now names the shop, the price and whether it is the exact item or a similar one (README
 * "Prices"); on phones the sticky bar repeats it once this button is scrolled past.
 */
function ShopNow({ first, options }: { first: ShoppingLink; options: ShoppingOption<ShoppingLink>[] }) {
  const button = useRef<HTMLAnchorElement>(null);
  return (
    <div className="space-y-5">
      <a
        ref={button}
        href={first.href}
        target="_blank"
        rel="sponsored noopener noreferrer"
        onClick={openOnce}
        data-testid="shop-now"
        className={`${mainButton} bg-ink px-4 text-white transition hover:bg-neutral-800`}
      >
        <span className="shrink-0">Shop Now</span>
        {first.shop && (
          <span
            className="min-w-0 truncate font-normal tracking-normal normal-case"
            data-testid="shop-now-retailer"
          >
            at {first.shop}
          </span>
        )}
        {first.price !== null && (
          <span className="shrink-0 font-normal tracking-normal normal-case">
            · {formatPrice(first.price, first.currency)}
          </span>
        )}
        <span
          className="shrink-0 rounded-full bg-white/15 px-2 py-0.5 text-[10px] tracking-wider"
          data-testid="shop-now-match"
        >
          {first.match}
        </span>
      </a>
      <MoreShoppingOptions options={options} />
      <StickyShopNow link={first} watch={button} />
    </div>
  );
}

/**
 * storefront.md §2: Shop Now for the first affiliate link, 'More Shopping Options' for the rest,
 * following each link's health: Shop Now goes to the first link that can be bought, sold-out links
 * say 'Sold out', and an item whose every link is dead is no longer available. Links not checked
 * yet are offered as before.
 */
export function ShoppingLinks({
  ready,
  links,
  post,
}: {
  ready: boolean;
  links: ShoppingLink[];
  post: ShoppingPost;
}) {
  // health comes with the post: a gone item is known before the links are rewritten, the skeleton
  // has the final rows, and an all-sold-out item's similar looks are drawn at once, so nothing
  // moves when the links are ready
  const expected = chooseShoppingLinks(post.affiliateLinks);
  if (expected.kind === 'unavailable') return <NoLongerAvailable post={post} />;
  if (!ready) {
    return (
      <div className="space-y-5">
        <ShoppingLinksSkeleton rows={'options' in expected ? expected.options.length : 0} />
        {expected.kind === 'sold-out' && <SimilarLooks post={post} />}
      </div>
    );
  }
  const choice = chooseShoppingLinks(links);
  switch (choice.kind) {
    case 'unavailable':
      return <NoLongerAvailable post={post} />;
    case 'none':
      return <p className="text-sm text-neutral-500">No shopping links are available for this item yet.</p>;
    case 'sold-out':
      return (
        <div className="space-y-5">
          <p className={`${mainButton} bg-neutral-200 text-neutral-700`} data-testid="sold-out">
            Sold out
          </p>
          <MoreShoppingOptions options={choice.options} />
          <SimilarLooks post={post} />
        </div>
      );
    case 'shop':
      return <ShopNow first={choice.shopNow} options={choice.options} />;
  }
}
