import type { StockStatus } from '../link-check-result.ts';
import { currencyInText, parsePrice } from './parse-price.ts';
import type { Control, PriceCandidate, WalkedPage } from './page-walk.ts';
import {
  ADD_TO_CART,
  IN_STOCK,
  NO_LONGER_AVAILABLE,
  NOTIFY_ME,
  NOTIFY_ME_HINT,
  ORDERABLE,
  SOLD_OUT,
  SOLD_OUT_OR_NO_LONGER_AVAILABLE,
  UNAVAILABLE,
} from './stock-words.ts';

const STRUCK_PRICE =
  /(^|[\s_-])(was|compare|compare-at|original|old|regular|strike|strikethrough|crossed|list|rrp|msrp|before|uvp|statt|streich\w*)([\s_-]|$)|streichpreis|oldprice|wasprice|listprice/i;
const NOT_A_PRICE_CLASS =
  /(instal|afterpay|klarna|affirm|sezzle|payment|monthly|per-?month|shipping|delivery|threshold|banner|unit-?price|price-?per|(^|[\s_-])ship|frakt|fragt|versand|livraison|envio)/i;
/** An amount written as a price: with decimals, or beside a currency symbol or code. */
const PRICE_LIKE =
  /\d[.,]\d{2}(?!\d)|(?:[$€£¥￥₹฿₩]|\bkr\.?|zł|\b[A-Z]{3}\b)\s?\d|\d\s?(?:[$€£¥￥円₹฿₩]|kr\b|zł|\b[A-Z]{3}\b)/;
const NOT_A_PRICE_TEXT =
  /(payments? of|interest[\s-]free|\/\s*mo\b|per month|a month|instal|klarna|afterpay|affirm|shipping|delivery|orders? (over|above)|spend|save\b|\/\s*(pack|count|ct|oz|fl\.? oz|lb|kg|g|ml|l|unit|item|each|ea|piece|stück|st)\b|per (unit|item|piece|100)|\/\s*100\s?(g|ml))/i;
const CURRENT_PRICE_CLASS =
  /(^|[\s_-])((now|actual)([\s_-]|$)|sale|current|final|special|offer|reduced|promo|action|aktion|angebot|deal|discounted)/i;
const AMOUNT = /\d+(?:[.,]\d{2})(?!\d)/g;
const DATA_FLAG_OUT = /=(false|0|no|out|outofstock|out[-_ ]of[-_ ]stock|sold[-_ ]?out|unavailable)$/;
const DATA_FLAG_IN = /=(true|1|yes|in|instock|in[-_ ]stock|available)$/;

export interface TextFindings {
  /** The main content says sold out somewhere (a word on the page, in any element). */
  soldOut: boolean;
  noLongerAvailable: boolean;
  /** The state of the page's add-to-cart control: 'disabled' when it exists but cannot be used. */
  addToCart: 'enabled' | 'disabled' | null;
  /** What the visible page says of stock, all its signals together; null when it says nothing. */
  stock: StockStatus | null;
  /**
   * The visible signals agree and leave no doubt: no enabled add-to-cart beside a sold-out
   * control, availability text or flag (or the reverse). Such a page outvotes stale structured data.
   */
  unambiguous: boolean;
  price: number | null;
  currency: string | null;
}

/** What the visible page (text, controls, availability elements and flags) says. */
export function readVisibleText(page: WalkedPage, country: string | null = null): TextFindings {
  const addToCart = addToCartState(page.controls);
  const availability = availabilityState(page);
  const notifyMe = page.controls.some(
    (control) => NOTIFY_ME.test(control.label) || NOTIFY_ME_HINT.test(control.hint),
  );
  const soldOutControl = page.controls.some((control) => SOLD_OUT.test(control.label));
  const textSaysEither = SOLD_OUT_OR_NO_LONGER_AVAILABLE.test(page.text);
  const soldOut = (textSaysEither && SOLD_OUT.test(page.text)) || soldOutControl;
  const outSignals = [availability === 'out', notifyMe, soldOutControl, addToCart === 'disabled'].filter(
    Boolean,
  ).length;

  let stock: StockStatus | null = null;
  let unambiguous = false;
  if (addToCart === 'enabled') {
    // A page may offer the item and still say "sold out" of one size: the enabled button wins,
    // unless the availability element itself says out.
    stock = availability === 'out' ? null : 'in_stock';
    unambiguous = availability === 'in' && !soldOut;
  } else if (outSignals > 0) {
    stock = 'out_of_stock';
    unambiguous = outSignals >= 2 || (outSignals === 1 && availability !== 'in' && soldOut);
  } else if (availability === 'in') {
    stock = 'in_stock';
  } else if (availability === 'out' || soldOut) {
    stock = 'out_of_stock';
  }
  return {
    soldOut,
    noLongerAvailable: textSaysEither && NO_LONGER_AVAILABLE.test(page.text),
    addToCart,
    stock,
    unambiguous,
    ...textPrice(page.priceCandidates, page.amountTexts, country),
  };
}

function addToCartState(controls: readonly Control[]): TextFindings['addToCart'] {
  const addToCart = controls.filter((control) => ADD_TO_CART.test(control.label));
  if (addToCart.length === 0) return null;
  return addToCart.some((control) => !control.disabled) ? 'enabled' : 'disabled';
}

/** What the elements the markup calls availability or stock say, and its data flags. */
function availabilityState(page: WalkedPage): 'in' | 'out' | null {
  let out = false;
  let inStock = false;
  let notify = false;
  let orderable = false;
  for (const text of page.availability) {
    if (SOLD_OUT.test(text) || UNAVAILABLE.test(text)) out = true;
    else if (ORDERABLE.test(text)) orderable = true;
    // "Notify me when available" says available only of the future
    else if (NOTIFY_ME.test(text)) notify = true;
    else if (IN_STOCK.test(text)) inStock = true;
  }
  // A back-in-stock sign-up beside "on backorder, order it now" is for those who would rather wait.
  inStock ||= orderable;
  out ||= notify && !orderable;
  for (const flag of page.availabilityFlags) {
    if (DATA_FLAG_OUT.test(flag)) out = true;
    else if (DATA_FLAG_IN.test(flag) && !/sold[-_]?out/.test(flag)) inStock = true;
  }
  if (/data-sold-?out=(true|1|yes)/.test(page.availabilityFlags.join(' '))) out = true;
  if (out === inStock) return null;
  return out ? 'out' : 'in';
}

/**
 * A price whose cents are set apart (a superscript: "$ 9 99", "12. 48") written as one amount
 * ("$9.99"); any other text is left as it is.
 */
function joinSplitCents(text: string): string {
  return text.replace(
    /^(\D*?\d{1,3}(?:[.,]\d{3})*)(?:\s+[.,]?\s*|[.,]\s+)(\d{2})(\D*)$/,
    (whole, units: string, cents: string, rest: string) =>
      /[.,]\d{2}$/.test(units) ? whole : `${units.replace(/[.,]$/, '')}.${cents}${rest}`,
  );
}

/** A struck-through or former price: so named itself, or inside such a block unless named current. */
function isStruck(candidate: PriceCandidate): boolean {
  if (STRUCK_PRICE.test(candidate.ownClass)) return true;
  return STRUCK_PRICE.test(candidate.labels) && !CURRENT_PRICE_CLASS.test(candidate.ownClass);
}

function textPrice(
  candidates: readonly PriceCandidate[],
  amountTexts: readonly string[],
  country: string | null,
): { price: number | null; currency: string | null } {
  // The tests of the short text first: they rule out most candidates before the long class lists.
  const usable = candidates.filter(
    (candidate) =>
      candidate.text.length <= 40 &&
      (PRICE_LIKE.test(candidate.text) ||
        (candidate.dataPrice !== undefined && /\d/.test(candidate.dataPrice))) &&
      !NOT_A_PRICE_TEXT.test(candidate.text) &&
      !/%|^\(.*\)$/.test(candidate.text.trim()) &&
      // A box holding both the old and the new price is read through its parts.
      (candidate.text.match(AMOUNT) ?? []).length < 2 &&
      !isStruck(candidate) &&
      !NOT_A_PRICE_CLASS.test(candidate.labels),
  );
  const preferred = usable.find((candidate) => CURRENT_PRICE_CLASS.test(candidate.ownClass)) ?? usable[0];
  if (preferred) {
    return {
      price: parsePrice(preferred.dataPrice ?? joinSplitCents(preferred.text), 'text'),
      currency: currencyInText(preferred.text, country),
    };
  }
  // No element is called a price: the first text that is nothing but an amount with its currency.
  const amount = amountTexts[0];
  if (amount === undefined) return { price: null, currency: null };
  return { price: parsePrice(amount, 'text'), currency: currencyInText(amount, country) };
}
