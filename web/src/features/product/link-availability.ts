import { DeadLinkStatuses, type AffiliateLink } from '@celebstyle/contracts';

type WithHealth = Pick<AffiliateLink, 'health'>;

const DEAD = new Set<string>(DeadLinkStatuses);

/** The shop's page is gone for good (a link never checked, or checked as unsure, is not dead). */
export const isDeadLink = (link: WithHealth): boolean => link.health != null && DEAD.has(link.health);

export const isSoldOutLink = (link: WithHealth): boolean => link.health === 'sold_out';

/** Every link of the item is dead: nothing is left to buy it from. */
export function isNoLongerAvailable(links: readonly WithHealth[]): boolean {
  return links.length > 0 && links.every(isDeadLink);
}

/** A further shopping option; sold-out ones stay listed (the shop may restock) but say so. */
export type ShoppingOption<T> = { link: T; soldOut: boolean };

/**
 * What the product page offers for a post's links:
 * - `shop`: Shop Now on the first link that is neither dead nor sold out, the other buyable links
 *   next, sold-out links last;
 * - `sold-out`: every remaining link is sold out, so there is no Shop Now;
 * - `unavailable`: every link is dead;
 * - `none`: the post has no (usable) link.
 * Links with no verdict yet count as buyable, as they did before link health existed.
 */
export type ShoppingChoice<T> =
  | { kind: 'shop'; shopNow: T; options: ShoppingOption<T>[] }
  | { kind: 'sold-out'; options: ShoppingOption<T>[] }
  | { kind: 'unavailable' }
  | { kind: 'none' };

export function chooseShoppingLinks<T extends WithHealth>(links: readonly T[]): ShoppingChoice<T> {
  if (isNoLongerAvailable(links)) return { kind: 'unavailable' };
  const live = links.filter((link) => !isDeadLink(link));
  const soldOut = live.filter(isSoldOutLink).map((link) => ({ link, soldOut: true }));
  const [first, ...rest] = live.filter((link) => !isSoldOutLink(link));
  if (first)
    return {
      kind: 'shop',
      shopNow: first,
      options: [...rest.map((link) => ({ link, soldOut: false })), ...soldOut],
    };
  if (soldOut.length > 0) return { kind: 'sold-out', options: soldOut };
  return { kind: 'none' };
}
