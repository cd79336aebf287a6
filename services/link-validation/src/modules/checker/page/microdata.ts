import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { currencyCode, parsePrice } from './parse-price.ts';
import { offer, type OfferEvidence, type ProductEvidence } from './product-evidence.ts';
import { stockFromAvailability } from './stock-status.ts';

/**
 * schema.org microdata: the first Product item that is not nested in another item and not inside a
 * recommendation block (page-walk.ts finds those); its offers (Offer or AggregateOffer items) or,
 * without offers, its own price and availability properties; failing stock there, Offer items that
 * stand alone on the page.
 */
export function readMicrodata(
  $: CheerioAPI,
  productScopes: readonly Element[],
  standaloneOffers: readonly Element[] = [],
): ProductEvidence | null {
  const first = productScopes[0];
  let offers: OfferEvidence[] = [];
  if (first) {
    const product = $(first);
    const offerScopes = ownProperties($, product, 'offers');
    offers = offerScopes.length > 0 ? offerScopes.map((scope) => offerOf($, scope)) : [offerOf($, product)];
  }
  // An Offer item of its own (in no Product item) is the page's offer when the product tells no stock.
  if (!offers.some((found) => found.stock !== null) && standaloneOffers.length > 0) {
    const standalone = standaloneOffers.map((scope) => offerOf($, $(scope)));
    if (standalone.some((found) => found.stock !== null)) offers = standalone;
  }
  return offers.length > 0 ? { source: 'microdata', offers } : null;
}

function offerOf($: CheerioAPI, scope: Cheerio<AnyNode>): OfferEvidence {
  const value = (name: string) => {
    const property = ownProperties($, scope, name)[0];
    if (!property) return null;
    return (
      property.attr('content') ?? property.attr('href') ?? property.attr('value') ?? property.text().trim()
    );
  };
  const price = parsePrice(value('price'), 'structured') ?? parsePrice(value('lowPrice'), 'structured');
  return offer(stockFromAvailability(value('availability')), price, currencyCode(value('priceCurrency')));
}

/** Properties that belong to this item: the nearest enclosing item of each is the scope itself. */
function ownProperties($: CheerioAPI, scope: Cheerio<AnyNode>, name: string): Cheerio<AnyNode>[] {
  const scopeElement = scope.get(0);
  return scope
    .find(`[itemprop~="${name}"]`)
    .toArray()
    .map((element) => $(element))
    .filter((property) => property.parent().closest('[itemscope]').get(0) === scopeElement);
}
