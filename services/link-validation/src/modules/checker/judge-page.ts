import { BUYABLE_STOCK, type LinkStatus, type StockStatus } from './link-check-result.ts';
import type { EvidenceSource, OfferEvidence, ProductEvidence } from './page/product-evidence.ts';
import type { PageReading } from './page/read-page.ts';

export interface PageVerdict {
  linkStatus: LinkStatus;
  confidence: number;
  stockStatus: StockStatus | null;
  price: number | null;
  currency: string | null;
  errorMessage: string | null;
}

/** How far each source is trusted to tell a product's stock (README: "Evidence and trust"). */
const SOURCE_CONFIDENCE: Record<EvidenceSource, number> = {
  'json-ld': 0.95,
  microdata: 0.9,
  meta: 0.85,
  'platform-json': 0.8,
  text: 0.6,
};
/** Taken off for each kind of disagreement between the deciding source and the others. */
const DISAGREEMENT_PENALTY = 0.25;
const MIN_CONFIDENCE = 0.3;

/** Preference among stock states when a product has several offers (variants, sizes). */
const STOCK_ORDER: StockStatus[] = [
  'in_stock',
  'limited',
  'preorder',
  'backorder',
  'out_of_stock',
  'in_store_only',
  'discontinued',
];

/**
 * The verdict on a 2xx HTML page (link-health-and-routes.md §3 statuses). A soft 404, a page that
 * says the item is gone, or a home, search or category page where a product should be is
 * product_removed; otherwise the most trusted source that tells stock decides: active when any
 * offer can be bought online, sold_out when none can (product_removed when every offer is
 * Discontinued). Less trusted sources that disagree lower the confidence, never the status.
 */
export function judgePage(page: PageReading): PageVerdict {
  const { price, currency } = shopperPrice(page.products);
  const verdict = (
    linkStatus: LinkStatus,
    confidence: number,
    stockStatus: StockStatus | null,
    errorMessage: string | null = null,
  ): PageVerdict => ({
    linkStatus,
    confidence: Math.round(Math.max(MIN_CONFIDENCE, Math.min(1, confidence)) * 100) / 100,
    stockStatus,
    price,
    currency,
    errorMessage,
  });

  if (page.soft404) return verdict('product_removed', 0.85, null, 'The page says it was not found');
  const deciding = page.products.find((product) => product.offers.some((offer) => offer.stock !== null));
  if (!deciding) {
    if (page.text.noLongerAvailable)
      return verdict('product_removed', 0.75, null, 'The page says the item is no longer available');
    if (page.listing)
      return verdict('product_removed', 0.7, null, `The link shows ${page.listing}, not a product`);
    if (page.isProductPage) return verdict('unknown', 0.3, null, 'Product page without stock information');
    return verdict('unknown', 0.2, null, 'No product found on the page');
  }

  const stocks = deciding.offers
    .map((offer) => offer.stock)
    .filter((stock): stock is StockStatus => stock !== null);
  const buyable = stocks.some((stock) => BUYABLE_STOCK.has(stock));
  const best = STOCK_ORDER.find((stock) => stocks.includes(stock)) ?? null;
  let confidence = SOURCE_CONFIDENCE[deciding.source];
  const othersDisagree = page.products.some(
    (product) =>
      product !== deciding &&
      product.offers.some((offer) => offer.stock !== null) &&
      isBuyable(product.offers) !== buyable,
  );
  if (othersDisagree) confidence -= DISAGREEMENT_PENALTY;

  if (buyable) {
    if (page.text.noLongerAvailable) confidence -= DISAGREEMENT_PENALTY;
    return verdict('active', confidence, best);
  }
  if (stocks.every((stock) => stock === 'discontinued'))
    return verdict('product_removed', confidence, 'discontinued', 'The product is discontinued');
  if (page.text.noLongerAvailable)
    return verdict('product_removed', 0.8, best, 'The page says the item is no longer available');
  return verdict('sold_out', confidence, best);
}

function isBuyable(offers: OfferEvidence[]): boolean {
  return offers.some((offer) => offer.stock !== null && BUYABLE_STOCK.has(offer.stock));
}

/**
 * The price a shopper pays now: from the most trusted source that states one, the lowest price among
 * offers that can be bought (else among all its offers); its currency, else the first one stated.
 */
function shopperPrice(products: ProductEvidence[]): { price: number | null; currency: string | null } {
  const anyCurrency =
    products.flatMap((product) => product.offers).find((offer) => offer.currency !== null)?.currency ?? null;
  for (const product of products) {
    const priced = product.offers.filter((offer) => offer.price !== null);
    if (priced.length === 0) continue;
    const buyable = priced.filter((offer) => offer.stock !== null && BUYABLE_STOCK.has(offer.stock));
    const pool = buyable.length > 0 ? buyable : priced;
    const cheapest = pool.reduce((low, offer) => (offer.price! < low.price! ? offer : low));
    return { price: cheapest.price, currency: cheapest.currency ?? anyCurrency };
  }
  return { price: null, currency: anyCurrency };
}
