import type { StockStatus } from '../link-check-result.ts';
import { currencyCode, parsePrice } from './parse-price.ts';
import { offer, type OfferEvidence, type ProductEvidence } from './product-evidence.ts';
import type { StateValue } from './state-scripts.ts';
import { stockFromAvailability } from './stock-status.ts';

type Json = Record<string, unknown>;

/** Confidence of a product found under a `product` key (or typed Product) versus anywhere. */
const NAMED_PRODUCT_TRUST = 0.8;
const FOUND_ANYWHERE_TRUST = 0.65;
const MAX_NODES = 200_000;

/**
 * Shop platforms' own page data: a Shopify product JSON (variants with an `available` flag and
 * prices in cents, compare_at_price ignored) in an application/json script; otherwise the product
 * in Next.js's __NEXT_DATA__ or a state store assigned in a script (Apollo, Redux, …): the first
 * object under a `product` key or typed Product that tells stock, itself or through its variants,
 * else (trusted less) the first object anywhere that tells stock.
 */
export function readPlatformJson(
  scripts: readonly { id: string; text: string }[],
  states: readonly StateValue[] = [],
): ProductEvidence | null {
  // Page data stores are searched anywhere; other JSON scripts (settings, analytics) only under
  // a product key, where a stock flag is the product's.
  const documents: { data: unknown; store: boolean }[] = [];
  for (const script of scripts) {
    const data = parse(script.text);
    if (data === null) continue;
    const shopify = shopifyProduct(data);
    if (shopify) return shopify;
    documents.push({ data, store: script.id === '__NEXT_DATA__' || /state|store/i.test(script.id) });
  }
  documents.push(...states.map((state) => ({ data: state.value, store: true })));
  for (const { data } of documents) {
    const found = findProduct(data, 'named');
    if (found) return { source: 'platform-json', offers: found, trust: NAMED_PRODUCT_TRUST };
  }
  for (const { data, store } of documents) {
    const found = store ? findProduct(data, 'anywhere') : null;
    if (found) return { source: 'platform-json', offers: found, trust: FOUND_ANYWHERE_TRUST };
  }
  return null;
}

function parse(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function shopifyProduct(data: unknown): ProductEvidence | null {
  const product = isObject(data) && isObject(data.product) ? data.product : data;
  if (!isObject(product) || !Array.isArray(product.variants)) return null;
  const variants = product.variants
    .filter(isObject)
    .filter((variant) => typeof variant.available === 'boolean');
  if (variants.length === 0) return null;
  const offers = variants.map((variant) =>
    offer(variant.available ? 'in_stock' : 'out_of_stock', shopifyPrice(variant.price), null),
  );
  return { source: 'platform-json', offers };
}

/** Shopify's product JSON gives integer cents (129900); a string with a decimal point is units. */
function shopifyPrice(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value / 100;
  return parsePrice(value);
}

/** Boolean flags that say the item can be bought (true) … */
const BUYABLE_FLAGS = [
  'inStock',
  'isInStock',
  'in_stock',
  'is_in_stock',
  'available',
  'isAvailable',
  'is_available',
  'availableForSale',
  'available_for_sale',
  'purchasable',
  'isPurchasable',
  'is_purchasable',
  'orderable',
  'isOrderable',
  'buyable',
  'isBuyable',
];
/** … and flags that say it cannot (true means sold out). */
const SOLD_OUT_FLAGS = [
  'soldOut',
  'isSoldOut',
  'sold_out',
  'is_sold_out',
  'outOfStock',
  'isOutOfStock',
  'out_of_stock',
];
const STOCK_WORDS = [
  'availability',
  'stockStatus',
  'stock_status',
  'availabilityStatus',
  'inventoryStatus',
  'stockState',
  'stockLevelStatus',
];
const VARIANT_LISTS = ['variants', 'skus', 'variantOptions', 'sizes', 'children', 'items', 'options'];
const PRODUCT_TYPENAME = /^product$|product(variant)?$/i;

/** Offers of the page's product, or null; `named` looks only under product keys and Product types. */
function findProduct(root: unknown, mode: 'named' | 'anywhere'): OfferEvidence[] | null {
  const stack: [unknown, boolean][] = [[root, false]];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_NODES) {
    const [value, underProduct] = stack.pop()!;
    visited += 1;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) stack.push([value[index], underProduct]);
      continue;
    }
    if (!isObject(value)) continue;
    const isProduct =
      underProduct || (typeof value.__typename === 'string' && PRODUCT_TYPENAME.test(value.__typename));
    if (mode === 'anywhere' || isProduct) {
      const offers = offersOf(value);
      if (offers) return offers;
    }
    const entries = Object.entries(value);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index]!;
      stack.push([child, key === 'product' || key === 'productData' || key === 'productDetail']);
    }
  }
  return null;
}

/** The object's own stock and price, with its variants' when it lists variants that tell stock. */
function offersOf(object: Json): OfferEvidence[] | null {
  const own = stockOf(object);
  const variants: OfferEvidence[] = [];
  for (const key of VARIANT_LISTS) {
    const list = object[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (!isObject(item)) continue;
      const stock = stockOf(item);
      if (stock !== null) variants.push(offer(stock, priceOf(item), currencyOf(item) ?? currencyOf(object)));
    }
    if (variants.length > 0) break;
  }
  if (own === null && variants.length === 0) return null;
  const offers = own === null ? [] : [offer(own, priceOf(object), currencyOf(object))];
  return [...offers, ...variants];
}

function stockOf(object: Json): StockStatus | null {
  for (const flag of BUYABLE_FLAGS) {
    if (typeof object[flag] === 'boolean') return object[flag] ? 'in_stock' : 'out_of_stock';
  }
  for (const flag of SOLD_OUT_FLAGS) {
    if (typeof object[flag] === 'boolean') return object[flag] ? 'out_of_stock' : 'in_stock';
  }
  for (const word of STOCK_WORDS) {
    const stock = stockFromAvailability(object[word]);
    if (stock !== null) return stock;
  }
  return null;
}

const PRICE_KEYS = ['salePrice', 'currentPrice', 'finalPrice', 'sellingPrice', 'price', 'priceRange'];

/** A price as a number, a string, or nested as { current: { value } } and similar shapes. */
function priceOf(object: Json): number | null {
  for (const key of PRICE_KEYS) {
    const price = priceValue(object[key], 0);
    if (price !== null) return price;
  }
  return null;
}

function priceValue(value: unknown, depth: number): number | null {
  if (isObject(value)) {
    if (depth >= 3) return null;
    if (typeof value.centAmount === 'number') {
      const digits = typeof value.fractionDigits === 'number' ? value.fractionDigits : 2;
      return value.centAmount / 10 ** digits;
    }
    const inner =
      value.current ??
      value.sale ??
      value.value ??
      value.amount ??
      value.price ??
      value.minVariantPrice ??
      value.min ??
      null;
    return priceValue(inner, depth + 1);
  }
  return parsePrice(value);
}

function currencyOf(object: Json): string | null {
  const candidates: unknown[] = [object.currency, object.priceCurrency, object.currencyCode];
  for (const key of PRICE_KEYS) {
    let nested = object[key];
    for (let depth = 0; depth < 3 && isObject(nested); depth += 1) {
      candidates.push(nested.currency, nested.currencyCode, nested.priceCurrency);
      nested = nested.current ?? nested.value ?? nested.minVariantPrice ?? nested.price ?? null;
    }
  }
  for (const candidate of candidates) {
    const code = currencyCode(candidate);
    if (code) return code;
  }
  return null;
}
