import { prepareAffiliateLinks } from '@celebstyle/url-cleaning';
import type { AffiliateLink } from '@celebstyle/contracts';
import { useUrlCleaningRules } from '../../../lib/catalog/url-cleaning-rules.ts';
import { useSiteConfig } from '../../../lib/site-config.ts';
import { cleanLinkText, matchLabel } from '../../../lib/offers/link-text.ts';
import { retailerName } from '../../../lib/offers/retailer-name.ts';

/**
 * A link as the product page offers it: its rewritten address, its price and currency, the text
 * without repetitions, the shop's name and whether it is the exact item or a similar one.
 */
export type ShoppingLink = Omit<AffiliateLink, 'price' | 'currency'> & {
  href: string;
  /** The price shown: the check's, else the text's (linkPrice). */
  price: number | null;
  currency: string;
  label: string;
  shop: string | null;
  match: 'Exact item' | 'Similar';
};

/** '$12' or '$12.34' in the link text (storefront.md §3 Affiliate link). */
export function priceFromText(text: string): number | null {
  const match = /\$\s?(\d{1,3}(?:,\d{3})*|\d+)(\.\d{1,2})?/.exec(text);
  if (!match) return null;
  return Number(`${match[1]!.replace(/,/g, '')}${match[2] ?? ''}`);
}

/**
 * The price a link's check read, in its currency; else the dollar price its text names (README
 * "Prices"); null when neither.
 */
export function linkPrice(
  link: Pick<AffiliateLink, 'text' | 'price' | 'currency'>,
): { amount: number; currency: string } | null {
  if (typeof link.price === 'number' && link.currency) return { amount: link.price, currency: link.currency };
  const fromText = priceFromText(link.text);
  return fromText === null ? null : { amount: fromText, currency: 'USD' };
}

/** What the product page says of a link besides its address (pure; the server render says the same). */
export function linkFacts(
  link: AffiliateLink,
): Pick<ShoppingLink, 'price' | 'currency' | 'label' | 'shop' | 'match'> {
  const price = linkPrice(link);
  return {
    price: price?.amount ?? null,
    currency: price?.currency ?? 'USD',
    label: cleanLinkText(link.text),
    shop: retailerName(link),
    match: matchLabel(link.text),
  };
}

/**
 * A post's links, dropped, cleaned and rewritten (storefront.md §4, §5) with the shared
 * url-cleaning package. `ready` is false until both the rules call and the site config settle,
 * so a visitor never gets a link that is about to change under the finger.
 */
export function useShoppingLinks(links: AffiliateLink[] | undefined) {
  const rules = useUrlCleaningRules();
  const config = useSiteConfig();
  const ready = !rules.isPending && !config.isPending;
  const prepared: ShoppingLink[] = ready
    ? prepareAffiliateLinks(links ?? [], {
        rules: rules.data ?? null,
        affiliate: config.data?.affiliate ?? null,
      }).map((l) => ({ ...l, ...linkFacts(l) }))
    : [];
  return { ready, links: prepared };
}
