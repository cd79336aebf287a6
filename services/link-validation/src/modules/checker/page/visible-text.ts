import type { CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { currencyInText, parsePrice } from './parse-price.ts';

/**
 * Words a shop shows on its page, in the languages of the retailers we link to. Matched on the
 * page text after chrome and recommendation blocks are removed (recommendation-blocks.ts).
 */
const SOLD_OUT =
  /\b(sold[\s-]?out|out[\s-]of[\s-]stock|currently unavailable|temporarily unavailable|unavailable online|no longer in stock|rupture de stock|en rupture|ausverkauft|nicht auf lager|derzeit nicht verfügbar|agotado|sin existencias|esaurito|uitverkocht|niet op voorraad|slutsåld|udsolgt|utsolgt|esgotado)\b|épuisée?|品切れ|在庫切れ/i;
const NO_LONGER_AVAILABLE =
  /\b(no longer available|no longer exists|has been discontinued|(product|item) (is|has been) discontinued|(product|item) has been removed|n['’]est plus disponible|nicht mehr (verfügbar|erhältlich)|ya no está disponible|non è più disponibile|niet meer beschikbaar|não está mais disponível)\b/i;
const ADD_TO_CART =
  /\b(add to (cart|bag|basket|trolley|shopping bag)|buy (it )?now|pre[\s-]?order( now)?|order now|in den (warenkorb|einkaufswagen)|jetzt kaufen|ajouter au panier|añadir (a la cesta|al carrito)|aggiungi al carrello|in winkelwagen|lägg i varukorgen|adicionar ao carrinho)\b/i;

const STRUCK_PRICE = /(was|compare|original|old|regular|strike|list|rrp|before|crossed|msrp)/i;
const NOT_A_PRICE_CLASS =
  /(instal|afterpay|klarna|affirm|sezzle|payment|monthly|per-?month|shipping|delivery|threshold|promo|banner)/i;
const NOT_A_PRICE_TEXT =
  /(payments? of|interest[\s-]free|\/\s*mo\b|per month|a month|instal|klarna|afterpay|affirm|shipping|delivery|orders? (over|above)|spend|save\b)/i;
const CURRENT_PRICE_CLASS = /(sale|current|now|final|special|offer|reduced)/i;

export interface TextFindings {
  soldOut: boolean;
  noLongerAvailable: boolean;
  /** The state of the page's add-to-cart control: 'disabled' when it exists but cannot be used. */
  addToCart: 'enabled' | 'disabled' | null;
  price: number | null;
  currency: string | null;
}

/** Reads a page whose chrome and recommendation blocks were already removed. */
export function readVisibleText($: CheerioAPI): TextFindings {
  const main = $('main, [role="main"], #main, #content').first();
  const scope = main.length > 0 ? main : $('body');
  const text = scope.text().replace(/\s+/g, ' ');
  return {
    soldOut: SOLD_OUT.test(text) || soldOutControl($),
    noLongerAvailable: NO_LONGER_AVAILABLE.test(text),
    addToCart: addToCartState($),
    ...textPrice($),
  };
}

function controls($: CheerioAPI): AnyNode[] {
  return $(
    'button, input[type="submit"], input[type="button"], [role="button"], a[class*="button" i], a[class*="btn" i]',
  ).toArray();
}

function controlLabel($: CheerioAPI, element: AnyNode): string {
  const node = $(element);
  return `${node.text()} ${node.attr('value') ?? ''} ${node.attr('aria-label') ?? ''}`
    .replace(/\s+/g, ' ')
    .trim();
}

function addToCartState($: CheerioAPI): TextFindings['addToCart'] {
  let state: TextFindings['addToCart'] = null;
  for (const element of controls($)) {
    if (!ADD_TO_CART.test(controlLabel($, element))) continue;
    const node = $(element);
    const disabled =
      node.is('[disabled]') ||
      node.attr('aria-disabled') === 'true' ||
      /\bdisabled\b/i.test(node.attr('class') ?? '');
    if (!disabled) return 'enabled';
    state = 'disabled';
  }
  return state;
}

function soldOutControl($: CheerioAPI): boolean {
  return controls($).some((element) => SOLD_OUT.test(controlLabel($, element)));
}

function textPrice($: CheerioAPI): { price: number | null; currency: string | null } {
  const candidates = $('[class*="price" i], [data-price], [data-testid*="price" i]')
    .toArray()
    .filter((element) => {
      const node = $(element);
      if (node.closest('del, s, strike').length > 0) return false;
      const labels = node
        .parents()
        .addBack()
        .toArray()
        .map((el) => `${$(el).attr('class') ?? ''} ${$(el).attr('data-testid') ?? ''}`)
        .join(' ');
      if (STRUCK_PRICE.test(labels) || NOT_A_PRICE_CLASS.test(labels)) return false;
      const text = node.text().replace(/\s+/g, ' ').trim();
      return /\d/.test(text) && text.length <= 40 && !NOT_A_PRICE_TEXT.test(text);
    });
  const preferred =
    candidates.find((element) => CURRENT_PRICE_CLASS.test($(element).attr('class') ?? '')) ?? candidates[0];
  if (!preferred) return { price: null, currency: null };
  const node = $(preferred);
  // Text of the element itself without struck-through children ("<del>$80</del> $60").
  const clone = node.clone();
  clone.find('del, s, strike').remove();
  const text = clone.text().replace(/\s+/g, ' ').trim();
  return { price: parsePrice(node.attr('data-price') ?? text, 'text'), currency: currencyInText(text) };
}
