import { botWallReason } from './bot-wall.ts';
import { readJsonLd } from './json-ld.ts';
import { readMetaTags } from './meta-tags.ts';
import { readMicrodata } from './microdata.ts';
import { getPublicSuffix } from 'tldts';
import { perHost } from '../host-memo.ts';
import { countryCurrency } from './parse-price.ts';
import { isConsentWall, isSoft404, listingKind, otherSellersOnly } from './page-kind.ts';
import { walkHtml, type WalkedPage } from './page-walk.ts';
import { readPlatformJson } from './platform-json.ts';
import { readStateScripts } from './state-scripts.ts';
import type { ProductEvidence } from './product-evidence.ts';
import { readVisibleText, type TextFindings } from './visible-text.ts';

export interface PageReading {
  /** What each source says about the page's own product, most trusted first. */
  products: ProductEvidence[];
  /** og:type product, or a structured product: the page is about one product. */
  isProductPage: boolean;
  botWall: string | null;
  soft404: boolean;
  /** What the page is instead of a product page (home, search, category), if it shows no product. */
  listing: string | null;
  text: TextFindings;
  siteName: string | null;
  /** A cookie or consent wall hides the page (and no product shows). */
  consentWall: boolean;
  /** A marketplace page where only other sellers offer the item. */
  otherSellersOnly: boolean;
  /** The currency of prices that name none: the page's visible one, else its shop's country's. */
  currencyHint: string | null;
  /** Why the page was read only up to a point (page-walk.ts), or null. */
  cutShort: string | null;
}

export interface PageContext {
  finalUrl: URL;
  originalUrl: URL;
  headers: Record<string, string | string[] | undefined>;
}

/** Reads everything the checker judges a page by, from one streaming pass over the HTML. */
export function readPage(html: string, context: PageContext): PageReading {
  const page = walkHtml(html);
  const jsonLd = readJsonLd(page.jsonLdScripts, context.finalUrl);
  const meta = readMetaTags(page.metas);
  const products = [
    jsonLd.product,
    readMicrodata(page.productItems, page.offerItems),
    meta.product,
    readPlatformJson(page.jsonScripts, readStateScripts(page.stateScripts)),
  ].filter((product): product is ProductEvidence => product !== null);
  const isProductPage = products.length > 0 || meta.declaresProduct;
  const country = countryOf(context.finalUrl, page);
  const text = readVisibleText(page, country);
  if (text.price !== null || text.stock !== null) {
    products.push({
      source: 'text',
      offers: [{ stock: text.stock, price: text.price, currency: text.currency }],
    });
  }
  const hasProduct = isProductPage || text.addToCart !== null;
  // A page that shows its product (structured data, an add-to-cart control or a price) is no wall,
  // so its markup is not searched for a bot manager's: shops load their scripts on every page.
  const showsProduct = hasProduct || text.price !== null;
  return {
    products,
    isProductPage,
    botWall: botWallReason(context.headers, html, page.title, showsProduct, page.text.length),
    soft404: isSoft404(page.title, page.firstHeading),
    listing: isProductPage
      ? null
      : listingKind(context.finalUrl, context.originalUrl, jsonLd.listing, page.productTiles),
    text,
    siteName: meta.siteName ?? jsonLd.siteName,
    consentWall: !hasProduct && isConsentWall(context.finalUrl, page.title, page.firstHeading, page.text),
    otherSellersOnly: otherSellersOnly(
      page.controls.map((control) => control.label),
      page.text,
      text.addToCart,
    ),
    currencyHint: text.currency ?? countryCurrency(country),
    cutShort: page.cutShort,
  };
}

/**
 * The shop's country, as a two-letter code: its domain's ('ca' for shop.ca, 'uk' for shop.co.uk),
 * else the region of the page's locale (og:locale 'da_DK', lang 'en-CA'), else the country of a
 * language spoken mostly in one ('da' → Denmark, 'nb' → Norway). Null when nothing says.
 */
function countryOf(url: URL, page: WalkedPage): string | null {
  const suffix = publicSuffix(url.hostname);
  const last = suffix.split('.').pop() ?? '';
  if (/^[a-z]{2}$/.test(last)) return last;
  for (const locale of [page.metas.get('og:locale') ?? '', page.lang]) {
    const [language = '', region = ''] = locale.toLowerCase().split(/[-_]/);
    if (/^[a-z]{2}$/.test(region)) return region;
    const country = LANGUAGE_COUNTRY[language];
    if (country) return country;
  }
  return null;
}

const publicSuffix = perHost((hostname: string) => getPublicSuffix(hostname) ?? '');

const LANGUAGE_COUNTRY: Record<string, string> = {
  da: 'dk',
  sv: 'se',
  nb: 'no',
  nn: 'no',
  no: 'no',
  is: 'is',
  fi: 'fi',
  ja: 'jp',
  ko: 'kr',
  pl: 'pl',
  cs: 'cz',
  th: 'th',
  tr: 'tr',
  el: 'gr',
  nl: 'nl',
  it: 'it',
};
