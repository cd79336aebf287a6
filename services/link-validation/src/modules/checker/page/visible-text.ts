import { currencyInText, parsePrice } from './parse-price.ts';
import type { Control, PriceCandidate, WalkedPage } from './page-walk.ts';

/**
 * Words a shop shows on its page, in the languages of the retailers we link to. Matched on the
 * page text without chrome and recommendation blocks (page-walk.ts).
 */
const SOLD_OUT =
  /\b(sold[\s-]?out|out[\s-]of[\s-]stock|currently unavailable|temporarily unavailable|unavailable online|no longer in stock|rupture de stock|en rupture|ausverkauft|nicht auf lager|derzeit nicht verfügbar|agotado|sin existencias|esaurito|uitverkocht|niet op voorraad|slutsåld|udsolgt|utsolgt|esgotado)\b|épuisée?|品切れ|在庫切れ/i;
const NO_LONGER_AVAILABLE =
  /\b(no longer available|no longer exists|has been discontinued|(product|item) (is|has been) discontinued|(product|item) has been removed|n['’]est plus disponible|nicht mehr (verfügbar|erhältlich)|ya no está disponible|non è più disponibile|niet meer beschikbaar|não está mais disponível)\b/i;
const ADD_TO_CART =
  /\b(add to (cart|bag|basket|trolley|shopping bag)|buy (it )?now|pre[\s-]?order( now)?|order now|in den (warenkorb|einkaufswagen)|jetzt kaufen|ajouter au panier|añadir (a la cesta|al carrito)|aggiungi al carrello|in winkelwagen|lägg i varukorgen|adicionar ao carrinho)\b/i;

const STRUCK_PRICE =
  /(^|[\s_-])(was|compare|compare-at|original|old|regular|strike|strikethrough|crossed|list|rrp|msrp|before)([\s_-]|$)/i;
const NOT_A_PRICE_CLASS =
  /(instal|afterpay|klarna|affirm|sezzle|payment|monthly|per-?month|shipping|delivery|threshold|banner)/i;
const NOT_A_PRICE_TEXT =
  /(payments? of|interest[\s-]free|\/\s*mo\b|per month|a month|instal|klarna|afterpay|affirm|shipping|delivery|orders? (over|above)|spend|save\b)/i;
const CURRENT_PRICE_CLASS = /(sale|current|now|final|special|offer|reduced|promo)/i;

export interface TextFindings {
  soldOut: boolean;
  noLongerAvailable: boolean;
  /** The state of the page's add-to-cart control: 'disabled' when it exists but cannot be used. */
  addToCart: 'enabled' | 'disabled' | null;
  price: number | null;
  currency: string | null;
}

export function readVisibleText(page: WalkedPage): TextFindings {
  return {
    soldOut: SOLD_OUT.test(page.text) || page.controls.some((control) => SOLD_OUT.test(control.label)),
    noLongerAvailable: NO_LONGER_AVAILABLE.test(page.text),
    addToCart: addToCartState(page.controls),
    ...textPrice(page.priceCandidates),
  };
}

function addToCartState(controls: readonly Control[]): TextFindings['addToCart'] {
  const addToCart = controls.filter((control) => ADD_TO_CART.test(control.label));
  if (addToCart.length === 0) return null;
  return addToCart.some((control) => !control.disabled) ? 'enabled' : 'disabled';
}

function textPrice(candidates: readonly PriceCandidate[]): { price: number | null; currency: string | null } {
  const usable = candidates.filter(
    (candidate) =>
      !STRUCK_PRICE.test(candidate.labels) &&
      !NOT_A_PRICE_CLASS.test(candidate.labels) &&
      /\d/.test(candidate.text) &&
      candidate.text.length <= 40 &&
      !NOT_A_PRICE_TEXT.test(candidate.text),
  );
  const preferred = usable.find((candidate) => CURRENT_PRICE_CLASS.test(candidate.ownClass)) ?? usable[0];
  if (!preferred) return { price: null, currency: null };
  return {
    price: parsePrice(preferred.dataPrice ?? preferred.text, 'text'),
    currency: currencyInText(preferred.text),
  };
}
