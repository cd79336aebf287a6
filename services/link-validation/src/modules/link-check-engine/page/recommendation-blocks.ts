/**
 * Blocks of a product page that show other products: recommendations, recently viewed, "complete
 * the look". What they say never decides the page's own status or price.
 */
export const OTHER_PRODUCTS =
  /recommend|related|similar|carousel|also[-_ ]?(like|bought|viewed)|you[-_ ]?may|upsell|cross[-_ ]?sell|recent(ly)?[-_ ]?viewed|complete[-_ ]?the[-_ ]?look|shop[-_ ]?the[-_ ]?look|more[-_ ]?from|trending|best[-_ ]?sellers?/i;

/**
 * Whether a name names a block of other products: the class, id, aria-label, data-component,
 * data-testid or data-section-type of an element (page-walk.ts asks each).
 */
export function namesOtherProducts(value: string): boolean {
  return OTHER_PRODUCTS.test(value);
}

/** Page chrome: its words (a "Sold out" badge in a mini-cart, a banner) are not the product's. */
const CHROME_TAGS = new Set(['header', 'footer', 'nav', 'aside']);
const CHROME_ROLES = new Set(['navigation', 'banner', 'contentinfo']);

export function isChromeTag(tag: string): boolean {
  return CHROME_TAGS.has(tag);
}

export function isChromeRole(role: string | undefined): boolean {
  return role !== undefined && CHROME_ROLES.has(role);
}
