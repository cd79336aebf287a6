import type { Cheerio, CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { currencyCode, parsePrice } from './parse-price.ts';
import { offer, type OfferEvidence, type ProductEvidence } from './product-evidence.ts';
import { stockFromAvailability } from './stock-status.ts';

/**
 * schema.org microdata: the first Product item that is not nested in another item and not inside a
 * recommendation block (page-walk.ts finds those); its offers (Offer or AggregateOffer items) or,
 * without offers, its own price and availability properties.
 */
export function readMicrodata($: CheerioAPI, productScopes: readonly Element[]): ProductEvidence | null {
  const first = productScopes[0];
  if (!first) return null;
  const product = $(first);
  const offerScopes = ownProperties($, product, 'offers');
  const offers: OfferEvidence[] =
    offerScopes.length > 0 ? offerScopes.map((scope) => offerOf($, scope)) : [offerOf($, product)];
  return { source: 'microdata', offers };
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
