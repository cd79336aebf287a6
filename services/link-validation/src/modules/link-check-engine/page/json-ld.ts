import { currencyCode, parsePrice } from './parse-price.ts';
import { offer, type OfferEvidence, type ProductEvidence } from './product-evidence.ts';
import { stockFromAvailability } from './stock-status.ts';

type Node = Record<string, unknown>;

const PRODUCT_TYPES = new Set(['product', 'productgroup', 'individualproduct', 'productmodel', 'vehicle']);
const LISTING_TYPES = new Set(['itemlist', 'collectionpage', 'searchresultspage', 'offercatalog']);
const SKIPPED_PRICE_TYPES = /strikethrough|listprice|msrp|srp|invoice|minimumadvertised/i;

export interface JsonLdFindings {
  /** The page's own product, if the page declares one at its top level. */
  product: ProductEvidence | null;
  /** The page declares itself a list, collection or search results (and no product of its own). */
  listing: boolean;
  /** The name of the page's Organization or WebSite, a retailer name fallback. */
  siteName: string | null;
}

/**
 * schema.org JSON-LD: top-level nodes of every ld+json script (arrays and @graph flattened, types as
 * bare names or http/https URLs). Products inside an ItemList or other nodes are someone else's
 * (recommendations, listings) and never describe the page. Among several top-level products, the
 * one whose url or @id is the page's address wins, else the first.
 */
export function readJsonLd(scripts: readonly string[], pageUrl: URL): JsonLdFindings {
  const nodes: Node[] = [];
  for (const script of scripts) collectTopLevel(parseJson(script), nodes);
  const products = nodes.filter((node) => hasType(node, PRODUCT_TYPES));
  const byUrl = products.find((node) => describesPage(node, pageUrl));
  const own = byUrl ?? products[0];
  // Shops that write one Product per variant (same name or product group) sell any of them here.
  const variants = byUrl || !own ? [] : products.filter((node) => node !== own && sameProduct(node, own));
  const siteNode = nodes.find((node) =>
    hasType(node, new Set(['organization', 'website', 'store', 'onlinestore'])),
  );
  return {
    product: own
      ? {
          source: 'json-ld',
          offers: [own, ...variants].flatMap(productOffers),
          listPrices: [own, ...variants].flatMap(listPrices),
        }
      : null,
    listing: !own && nodes.some((node) => hasType(node, LISTING_TYPES)),
    siteName: typeof siteNode?.name === 'string' ? siteNode.name.trim() || null : null,
  };
}

function parseJson(text: string): unknown {
  const cleaned = text
    .trim()
    .replace(/^<!--|-->$/g, '')
    .replace(/^\s*\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>\s*$/g, '')
    .trim();
  // Hand-written JSON-LD is often a little wrong: raw control characters inside strings, trailing
  // commas, several objects one after another in one script, a trailing semicolon.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const controls = /[\u0000-\u001f]+/g;
  const lenient = (value: string) =>
    value
      .replace(controls, ' ')
      .replace(/,\s*([}\]])/g, '$1')
      .replace(/;\s*$/, '');
  const repairs = [
    (value: string) => value,
    (value: string) => value.replace(controls, ' '),
    lenient,
    (value: string) => `[${lenient(value).replace(/}\s*{/g, '},{')}]`,
  ];
  for (const repair of repairs) {
    try {
      return JSON.parse(repair(cleaned));
    } catch {
      // try the next repair
    }
  }
  return null;
}

function collectTopLevel(value: unknown, into: Node[]): void {
  if (Array.isArray(value)) {
    for (const item of value) collectTopLevel(item, into);
    return;
  }
  if (!isNode(value)) return;
  if (Array.isArray(value['@graph'])) collectTopLevel(value['@graph'], into);
  into.push(value);
  // A WebPage's mainEntity (a product, or a list on a category page) is what the page is about.
  if (isNode(value.mainEntity)) into.push(value.mainEntity);
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeNames(node: Node): string[] {
  const types = Array.isArray(node['@type']) ? node['@type'] : [node['@type']];
  return types
    .filter((type): type is string => typeof type === 'string')
    .map((type) => (type.split(/[/#:]/).pop() ?? '').toLowerCase());
}

function hasType(node: Node, names: ReadonlySet<string>): boolean {
  return typeNames(node).some((name) => names.has(name));
}

function sameProduct(node: Node, own: Node): boolean {
  const group = (value: Node) =>
    [value.productGroupID, value.inProductGroupWithID, groupOf(value.isVariantOf)].find(
      (id): id is string => typeof id === 'string' && id !== '',
    );
  const ownGroup = group(own);
  if (ownGroup !== undefined) return group(node) === ownGroup;
  return typeof own.name === 'string' && own.name.trim() !== '' && node.name === own.name;
}

function groupOf(value: unknown): unknown {
  return isNode(value) ? (value.productGroupID ?? value['@id'] ?? value.name) : value;
}

function describesPage(node: Node, pageUrl: URL): boolean {
  return [node.url, node['@id']].some((value) => {
    if (typeof value !== 'string') return false;
    try {
      const url = new URL(value, pageUrl);
      return url.hostname === pageUrl.hostname && url.pathname === pageUrl.pathname;
    } catch {
      return false;
    }
  });
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Offers of a product, of its variants (ProductGroup.hasVariant), and of AggregateOffers. */
function productOffers(product: Node): OfferEvidence[] {
  const offers: OfferEvidence[] = [];
  for (const value of asArray(product.offers)) {
    if (isNode(value)) offers.push(...offerNodes(value));
  }
  for (const variant of asArray(product.hasVariant)) {
    if (isNode(variant)) {
      for (const value of asArray(variant.offers)) if (isNode(value)) offers.push(...offerNodes(value));
    }
  }
  return offers;
}

function offerNodes(node: Node): OfferEvidence[] {
  if (typeNames(node).includes('aggregateoffer')) {
    const currency = currencyCode(node.priceCurrency);
    const inner = asArray(node.offers)
      .filter(isNode)
      .flatMap(offerNodes)
      .map((found) => ({ ...found, currency: found.currency ?? currency }));
    if (inner.length > 0) return inner;
    const price = parsePrice(node.lowPrice) ?? parsePrice(node.price);
    return [offer(stockFromAvailability(node.availability), price, currencyCode(node.priceCurrency))];
  }
  const spec = priceSpecification(node);
  const price = parsePrice(node.price) ?? spec?.price ?? parsePrice(node.lowPrice);
  const currency = currencyCode(node.priceCurrency) ?? spec?.currency ?? null;
  return [offer(stockFromAvailability(node.availability), price, currency)];
}

/** Strikethrough and list prices the product's offers name (priceSpecification with such a type). */
function listPrices(product: Node): number[] {
  const offers = [
    ...asArray(product.offers),
    ...asArray(product.hasVariant).flatMap((variant) => (isNode(variant) ? asArray(variant.offers) : [])),
  ];
  return offers
    .filter(isNode)
    .flatMap((node) => asArray(node.priceSpecification).filter(isNode))
    .filter((spec) => SKIPPED_PRICE_TYPES.test(String(spec.priceType ?? '')))
    .map((spec) => parsePrice(spec.price))
    .filter((price): price is number => price !== null);
}

/** The price a shopper pays from priceSpecification: never a strikethrough or list price. */
function priceSpecification(node: Node): { price: number | null; currency: string | null } | null {
  const specs = asArray(node.priceSpecification).filter(isNode);
  const current = specs.find((spec) => !SKIPPED_PRICE_TYPES.test(String(spec.priceType ?? '')));
  if (!current) return null;
  return { price: parsePrice(current.price), currency: currencyCode(current.priceCurrency) };
}
