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

/** A product page that states a price and nothing about stock: offered, but we are not sure. */
const PRICE_ONLY_CONFIDENCE = 0.45;
/** The visible page outvoting structured data, or variants outvoting a single stale offer. */
const OVERRULED_CONFIDENCE = 0.7;

/**
 * The verdict on a 2xx HTML page (link-health-and-routes.md §3 statuses). A soft 404, a page that
 * says the item is gone, or a home, search or category page where a product should be is
 * product_removed; a consent wall is unknown (we never saw the page). Otherwise the most trusted
 * source that tells stock decides: active when any offer can be bought online, sold_out when none
 * can (product_removed when every offer is Discontinued). Two things overrule it: variants listed
 * by another source of which one can be bought (the structured offer was the sold-out default
 * variant), and a visible page that unambiguously says the opposite of a single structured offer
 * (stale structured data). Less trusted sources that disagree lower the confidence.
 */
export function judgePage(page: PageReading): PageVerdict {
  const { price, currency } = shopperPrice(page.products, page.currencyHint);
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
    if (page.consentWall) return verdict('unknown', 0.3, null, 'A cookie or consent wall hides the page');
    if (page.text.noLongerAvailable)
      return verdict('product_removed', 0.75, null, 'The page says the item is no longer available');
    if (page.listing)
      return verdict('product_removed', 0.7, null, `The link shows ${page.listing}, not a product`);
    if (page.otherSellersOnly)
      return verdict('sold_out', 0.6, 'out_of_stock', 'Only other sellers offer this item');
    if (price !== null && (page.isProductPage || page.text.price !== null) && !page.text.soldOut) {
      const confidence = page.isProductPage ? PRICE_ONLY_CONFIDENCE : PRICE_ONLY_CONFIDENCE - 0.05;
      return verdict('active', confidence, null, 'No stock information; the page offers the item at a price');
    }
    if (page.cutShort)
      return verdict('unknown', 0.2, null, `The page was read only in part: ${page.cutShort}`);
    if (page.isProductPage) return verdict('unknown', 0.3, null, 'Product page without stock information');
    return verdict('unknown', 0.2, null, 'No product found on the page');
  }

  const stocks = stocksOf(deciding.offers);
  let buyable = stocks.some((stock) => BUYABLE_STOCK.has(stock));
  let best = STOCK_ORDER.find((stock) => stocks.includes(stock)) ?? null;
  let confidence = deciding.trust ?? SOURCE_CONFIDENCE[deciding.source];
  const mixed = new Set(stocks.map((stock) => BUYABLE_STOCK.has(stock))).size > 1;

  const variantsBuyable = page.products.find(
    (product) =>
      product !== deciding &&
      product.source !== 'text' &&
      stocksOf(product.offers).length >= 2 &&
      isBuyable(product.offers),
  );
  const visible = page.text;
  const visibleOverrules =
    deciding.source !== 'text' &&
    !mixed &&
    visible.unambiguous &&
    visible.stock !== null &&
    BUYABLE_STOCK.has(visible.stock) !== buyable;

  if (!buyable && stocks.length <= 1 && variantsBuyable) {
    buyable = true;
    best = STOCK_ORDER.find((stock) => stocksOf(variantsBuyable.offers).includes(stock)) ?? 'in_stock';
    confidence = OVERRULED_CONFIDENCE;
  } else if (visibleOverrules) {
    buyable = !buyable;
    best = visible.stock;
    confidence = OVERRULED_CONFIDENCE;
  } else {
    const othersDisagree = page.products.some(
      (product) =>
        product !== deciding &&
        product.offers.some((offer) => offer.stock !== null) &&
        isBuyable(product.offers) !== buyable,
    );
    if (othersDisagree) confidence -= DISAGREEMENT_PENALTY;
  }

  if (buyable) {
    if (page.text.noLongerAvailable) confidence -= DISAGREEMENT_PENALTY;
    return verdict('active', confidence, best);
  }
  if (stocks.length > 0 && stocks.every((stock) => stock === 'discontinued'))
    return verdict('product_removed', confidence, 'discontinued', 'The product is discontinued');
  if (page.text.noLongerAvailable)
    return verdict('product_removed', 0.8, best, 'The page says the item is no longer available');
  return verdict('sold_out', confidence, best);
}

function stocksOf(offers: readonly OfferEvidence[]): StockStatus[] {
  return offers.map((offer) => offer.stock).filter((stock): stock is StockStatus => stock !== null);
}

function isBuyable(offers: OfferEvidence[]): boolean {
  return offers.some((offer) => offer.stock !== null && BUYABLE_STOCK.has(offer.stock));
}

/**
 * The price a shopper pays now: from the most trusted source that states one, the lowest price among
 * offers that can be bought (else among all its offers); its currency, else the first one stated,
 * else the page's hint (its visible currency, or its shop's country's). A price that another
 * source names as the list or regular price gives way to a lower one stated elsewhere (the sale).
 */
function shopperPrice(
  products: ProductEvidence[],
  currencyHint: string | null,
): { price: number | null; currency: string | null } {
  const anyCurrency =
    products.flatMap((product) => product.offers).find((offer) => offer.currency !== null)?.currency ??
    currencyHint;
  const listPrices = new Set(products.flatMap((product) => product.listPrices ?? []));
  const choices = products
    .map((product) => cheapestOffer(product.offers))
    .filter((offer): offer is OfferEvidence => offer !== null);
  const first = choices[0];
  if (!first) return { price: null, currency: anyCurrency };
  let chosen = first;
  if (listPrices.has(first.price!)) {
    const sale = choices.find(
      (offer) =>
        offer.price! < first.price! &&
        !listPrices.has(offer.price!) &&
        (offer.currency === null || first.currency === null || offer.currency === first.currency),
    );
    if (sale) chosen = sale;
  }
  return { price: chosen.price, currency: chosen.currency ?? first.currency ?? anyCurrency };
}

function cheapestOffer(offers: readonly OfferEvidence[]): OfferEvidence | null {
  const priced = offers.filter((offer) => offer.price !== null);
  if (priced.length === 0) return null;
  const buyable = priced.filter((offer) => offer.stock !== null && BUYABLE_STOCK.has(offer.stock));
  const pool = buyable.length > 0 ? buyable : priced;
  return pool.reduce((low, offer) => (offer.price! < low.price! ? offer : low));
}
