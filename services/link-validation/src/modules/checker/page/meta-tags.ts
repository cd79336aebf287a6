import { currencyCode, parsePrice } from './parse-price.ts';
import { offer, type ProductEvidence } from './product-evidence.ts';
import { stockFromAvailability } from './stock-status.ts';

export interface MetaFindings {
  product: ProductEvidence | null;
  /** og:type says product. */
  declaresProduct: boolean;
  siteName: string | null;
}

/**
 * Open Graph and product: meta tags (Facebook and Pinterest product pins). The sale price, when
 * present, is what a shopper pays; the plain price is then the strikethrough one.
 */
export function readMetaTags(metas: ReadonlyMap<string, string>): MetaFindings {
  const meta = (...names: string[]) =>
    names.map((name) => metas.get(name)).find((value) => value !== undefined) ?? null;
  const declaresProduct = /^(og:)?product/i.test(meta('og:type') ?? '');
  const stock = stockFromAvailability(meta('product:availability', 'og:availability', 'product:stock'));
  const price =
    parsePrice(meta('product:sale_price:amount', 'og:sale_price:amount')) ??
    parsePrice(meta('product:price:amount', 'og:price:amount', 'product:price'));
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
      stock !== null || price !== null ? { source: 'meta', offers: [offer(stock, price, currency)] } : null,
    declaresProduct,
    siteName: meta('og:site_name', 'application-name'),
  };
}
