import { currencyCode, parsePrice } from './parse-price.ts';
import { offer, type ProductEvidence } from './product-evidence.ts';
import { stockFromAvailability } from './stock-status.ts';

export interface MetaFindings {
  product: ProductEvidence | null;
  /** og:type says product. */
  declaresProduct: boolean;
  siteName: string | null;
}

/** Tags some shops use for the regular price beside the one a shopper pays. */
const LIST_PRICE_TAGS = [
  'og:price:standard_amount',
  'product:original_price:amount',
  'og:original_price:amount',
  'product:regular_price:amount',
];

/**
 * Open Graph and product: meta tags (Facebook and Pinterest product pins). The sale price, when
 * present, is what a shopper pays; the plain price is then the strikethrough one.
 */
export function readMetaTags(metas: ReadonlyMap<string, string>): MetaFindings {
  const meta = (...names: string[]) =>
    names.map((name) => metas.get(name)).find((value) => value !== undefined) ?? null;
  const declaresProduct = /^(og:)?product/i.test(meta('og:type') ?? '');
  const stock = stockFromAvailability(meta('product:availability', 'og:availability', 'product:stock'));
  const salePrice = parsePrice(meta('product:sale_price:amount', 'og:sale_price:amount'));
  const plainPrice = parsePrice(meta('product:price:amount', 'og:price:amount', 'product:price'));
  const price = salePrice ?? plainPrice;
  const listPrices = [
    ...LIST_PRICE_TAGS.map((name) => parsePrice(meta(name))),
    salePrice !== null && plainPrice !== null && plainPrice > salePrice ? plainPrice : null,
  ].filter((value): value is number => value !== null);
  const currency = currencyCode(
    meta(
      'product:sale_price:currency',
      'product:price:currency',
      'og:price:currency',
      'og:sale_price:currency',
    ),
  );
  return {
    product:
      stock !== null || price !== null || currency !== null
        ? { source: 'meta', offers: [offer(stock, price, currency)], listPrices }
        : null,
    declaresProduct,
    siteName: meta('og:site_name', 'application-name'),
  };
}
