import { prepareAffiliateLinks } from '@celebstyle/url-cleaning';
import type { AffiliateLink } from '@celebstyle/contracts';
import { useUrlCleaningRules } from '../../../lib/catalog/url-cleaning-rules.ts';
import { useSiteConfig } from '../../../lib/site-config.ts';

export type ShoppingLink = AffiliateLink & { href: string; price: number | null };

/** '$12' or '$12.34' in the link text (storefront.md §3 Affiliate link). */
export function priceFromText(text: string): number | null {
  const match = /\$\s?(\d{1,3}(?:,\d{3})*|\d+)(\.\d{1,2})?/.exec(text);
  if (!match) return null;
  return Number(`${match[1]!.replace(/,/g, '')}${match[2] ?? ''}`);
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
      }).map((l) => ({ ...l, price: priceFromText(l.text) }))
    : [];
  return { ready, links: prepared };
}
