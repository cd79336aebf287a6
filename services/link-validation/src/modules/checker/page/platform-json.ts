import { currencyCode, parsePrice } from './parse-price.ts';
import { offer, type OfferEvidence, type ProductEvidence } from './product-evidence.ts';
import { stockFromAvailability } from './stock-status.ts';

type Json = Record<string, unknown>;

/**
 * Shop platforms' own page data: a Shopify-style product JSON (variants with an `available` flag
 * and prices in cents, compare_at_price ignored) in an application/json script, or the product in
 * Next.js's __NEXT_DATA__ (the first object under a `product` key, or failing that any object,
 * that carries a stock flag or availability).
 */
export function readPlatformJson(scripts: readonly { id: string; text: string }[]): ProductEvidence | null {
  for (const script of scripts) {
    const data = parse(script.text);
    if (data === null) continue;
    const shopify = shopifyProduct(data);
    if (shopify) return shopify;
  }
  const next = parse(scripts.find((script) => script.id === '__NEXT_DATA__')?.text ?? '');
  if (next !== null) {
    const found = findProductObject(next, 0, false) ?? findProductObject(next, 0, true);
    if (found) return { source: 'platform-json', offers: [found] };
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

const STOCK_FLAGS = ['inStock', 'isInStock', 'available', 'isAvailable', 'purchasable', 'isPurchasable'];
const STOCK_WORDS = ['availability', 'stockStatus', 'availabilityStatus', 'inventoryStatus'];

function findProductObject(value: unknown, depth: number, anywhere: boolean): OfferEvidence | null {
  if (depth > 14) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findProductObject(item, depth + 1, anywhere);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  if (anywhere) {
    const own = offerOf(value);
    if (own) return own;
  } else if (isObject(value.product)) {
    const own = offerOf(value.product) ?? findProductObject(value.product, depth + 1, true);
    if (own) return own;
  }
  for (const child of Object.values(value)) {
    const found = findProductObject(child, depth + 1, anywhere);
    if (found) return found;
  }
  return null;
}

function offerOf(object: Json): OfferEvidence | null {
  let stock = null;
  for (const flag of STOCK_FLAGS) {
    if (typeof object[flag] === 'boolean') {
      stock = object[flag] ? ('in_stock' as const) : ('out_of_stock' as const);
      break;
    }
  }
  for (const word of STOCK_WORDS) stock ??= stockFromAvailability(object[word]);
  if (stock === null) return null;
  return offer(
    stock,
    priceOf(object.price) ?? priceOf(object.salePrice) ?? priceOf(object.currentPrice),
    currencyOf(object),
  );
}

/** A price as a number, a string, or nested as { current: { value } } and similar shapes. */
function priceOf(value: unknown, depth = 0): number | null {
  if (isObject(value) && depth < 3) {
    return priceOf(
      value.current ?? value.sale ?? value.value ?? value.amount ?? value.price ?? null,
      depth + 1,
    );
  }
  return parsePrice(value);
}

function currencyOf(object: Json): string | null {
  const price = isObject(object.price) ? object.price : {};
  const current = isObject(price.current) ? price.current : {};
  return currencyCode(
    object.currency ??
      object.priceCurrency ??
      price.currency ??
      price.currencyCode ??
      current.currency ??
      null,
  );
}
