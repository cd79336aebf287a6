import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';

/**
 * Blocks of a product page that show other products: recommendations, recently viewed, "complete
 * the look". What they say never decides the page's own status or price.
 */
const OTHER_PRODUCTS =
  /recommend|related|similar|carousel|also[-_ ]?(like|bought|viewed)|you[-_ ]?may|upsell|cross[-_ ]?sell|recent(ly)?[-_ ]?viewed|complete[-_ ]?the[-_ ]?look|shop[-_ ]?the[-_ ]?look|more[-_ ]?from|trending|best[-_ ]?sellers?/i;

const LABEL_ATTRIBUTES = ['class', 'id', 'aria-label', 'data-component', 'data-testid', 'data-section-type'];

export function isOtherProductsBlock($: CheerioAPI, element: AnyNode): boolean {
  const node = $(element);
  return LABEL_ATTRIBUTES.some((name) => OTHER_PRODUCTS.test(node.attr(name) ?? ''));
}

/** Whether the element sits inside a block of other products. */
export function insideOtherProducts($: CheerioAPI, element: Cheerio<AnyNode>): boolean {
  return element
    .parents()
    .toArray()
    .some((parent) => isOtherProductsBlock($, parent));
}

/** Removes recommendation blocks, and page chrome, from a parsed page (text signals only). */
export function removeNonProductContent($: CheerioAPI): void {
  $(
    'script, style, noscript, template, svg, iframe, header, footer, nav, aside, [role="navigation"], [role="banner"], [role="contentinfo"]',
  ).remove();
  $('*')
    .filter((_, element) => isOtherProductsBlock($, element))
    .remove();
}
