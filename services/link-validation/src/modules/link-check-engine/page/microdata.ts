import type { MicrodataItem } from './page-walk.ts';
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
  productItems: readonly MicrodataItem[],
  standaloneOffers: readonly MicrodataItem[] = [],
): ProductEvidence | null {
  const product = productItems[0];
  let offers: OfferEvidence[] = [];
  if (product) {
    const offerItems = product.properties
      .filter((property) => property.name === 'offers' && typeof property.value !== 'string')
      .map((property) => property.value as MicrodataItem);
    offers = offerItems.length > 0 ? offerItems.map(offerOf) : [offerOf(product)];
  }
  // An Offer item of its own (in no Product item) is the page's offer when the product tells no stock.
  if (!offers.some((found) => found.stock !== null) && standaloneOffers.length > 0) {
    const standalone = standaloneOffers.map(offerOf);
    if (standalone.some((found) => found.stock !== null)) offers = standalone;
  }
  return offers.length > 0 ? { source: 'microdata', offers } : null;
}

function offerOf(item: MicrodataItem): OfferEvidence {
  const value = (name: string) => {
    const property = item.properties.find((candidate) => candidate.name === name);
    return typeof property?.value === 'string' ? property.value : null;
  };
  const price = parsePrice(value('price'), 'structured') ?? parsePrice(value('lowPrice'), 'structured');
  return offer(stockFromAvailability(value('availability')), price, currencyCode(value('priceCurrency')));
}
