/**
 * What shops write about stock, in English, French, German, Spanish, Italian, Dutch, Portuguese,
 * Japanese and the Nordic languages. Phrases match as whole words (a Latin letter or a digit next to
 * a phrase breaks the match, so "indisponible" is not "disponible"; Japanese has no spaces).
 */
function phrases(...list: string[]): RegExp {
  // The ASCII test before the full one says the same (ASCII letters and digits are Latin or
  // numbers) and settles most positions (inside a word) without the large Unicode class.
  return new RegExp(
    `(?<![a-z0-9])(?<![\\p{Script=Latin}\\p{N}])(?:${list.join('|')})(?![\\p{Script=Latin}\\p{N}])`,
    'iu',
  );
}

/** Sold out, wherever the main content says it. */
const SOLD_OUT_PHRASES = [
  'sold[\\s-]?out',
  'out[\\s-]of[\\s-]stock',
  'currently (?:unavailable|out of stock|not available)',
  'temporarily (?:unavailable|out of stock|sold out)',
  'unavailable online',
  'no longer in stock',
  'not in stock',
  'not currently available',
  "isn['’]?t in stock(?: right now)?",
  "we don['’]t know when or if this item will be back in stock",
  'awaiting stock',
  'insufficient stock',
  'coming soon',
  'binnenkort (?:leverbaar|beschikbaar|verkrijgbaar)',
  'bald (?:wieder )?verfügbar',
  'bientôt disponible',
  'próximamente',
  'disponibile a breve',
  'em breve',
  'épuisée?s?',
  'rupture de stock',
  'en rupture',
  'actuellement indisponible',
  'temporairement indisponible',
  'ausverkauft',
  'nicht (?:auf lager|vorrätig|lieferbar)',
  '(?:derzeit|zurzeit|momentan|aktuell) nicht (?:verfügbar|lieferbar|erhältlich)',
  'vergriffen',
  'nicht lagernd',
  'zur zeit nicht an lager',
  'agotad[oa]s?',
  'sin (?:existencias|stock)',
  'fuera de stock',
  'temporalmente (?:agotado|no disponible)',
  'esaurit[oaie]',
  'temporaneamente non disponibile',
  'non disponibile al momento',
  'uitverkocht',
  'niet (?:op voorraad|leverbaar)',
  'tijdelijk (?:niet beschikbaar|uitverkocht)',
  'prodotto esaurito',
  'esgotad[oa]s?',
  'sem (?:estoque|stock)',
  'fora de (?:estoque|stock)',
  'slutsåld',
  'udsolgt',
  'utsolgt',
  'ikke på lager',
  'inte i lager',
  '在庫切れ',
  '品切れ',
  '売り切れ',
  '完売',
  '在庫なし',
  '在庫がありません',
  '入荷待ち',
  '欠品中',
  '現在お取り扱いできません',
  '품절',
  '已售完',
  '缺货',
  'brak (?:na stanie|w magazynie)',
  'tükendi',
  'stokta yok',
];
export const SOLD_OUT = phrases(...SOLD_OUT_PHRASES);

/** Words that mean sold out only where the markup says it talks about availability. */
export const UNAVAILABLE = phrases(
  'unavailable',
  'not available',
  'indisponible',
  'nicht verfügbar',
  'no disponible',
  'non disponibile',
  'niet beschikbaar',
  'indisponível',
  'não disponível',
  'ei saatavilla',
  '在庫切れ',
);

/** Out of stock but can be ordered now (backorder, pre-order): buyable, where the markup talks about availability. */
export const ORDERABLE = phrases(
  'back[\\s-]?order(?:ed|able)?',
  'pre[\\s-]?order',
  'order (?:it )?now',
  'vorbestellbar',
  'nachbestellbar',
  'en précommande',
  'en reserva',
);

/** In stock, where the markup says it talks about availability. */
export const IN_STOCK = phrases(
  'in stock',
  'available',
  'only \\d+ left',
  '\\d+ (?:left|in stock)',
  'few left',
  'low stock',
  'ready to ship',
  'ships (?:today|tomorrow|in)',
  'en stock',
  'disponible',
  'auf lager',
  'vorrätig',
  '(?:sofort )?lieferbar',
  'verfügbar',
  'en existencia',
  'disponibile',
  'in magazzino',
  'op voorraad',
  'leverbaar',
  'beschikbaar',
  'em estoque',
  'disponível',
  'på lager',
  'i lager',
  '在庫あり',
  '在庫有り',
  '残りわずか',
);

/** The item is gone for good (a product page kept up after it left the range). */
const NO_LONGER_AVAILABLE_PHRASES = [
  'no longer (?:available|exists|sold|carried|offered)',
  'not available anymore',
  '(?:has been|was) discontinued',
  '(?:product|item|article|style) (?:is|has been|was) (?:discontinued|removed)',
  "n['’]est plus (?:disponible|commercialisée?|vendue?)",
  'plus commercialisée?',
  'nicht mehr (?:verfügbar|erhältlich|lieferbar|im sortiment)',
  'ya no está disponible',
  'descatalogad[oa]',
  'non è più disponibile',
  'non più disponibile',
  'fuori produzione',
  'niet meer (?:beschikbaar|leverbaar|verkrijgbaar)',
  'uit (?:het )?assortiment',
  'não está mais disponível',
  'já não está disponível',
  'descontinuad[oa]',
  'fora de linha',
  '販売終了',
  '取り扱い終了',
  'お取り扱いを終了',
  '生産終了',
];
export const NO_LONGER_AVAILABLE = phrases(...NO_LONGER_AVAILABLE_PHRASES);

/**
 * Either of the two above: the whole text of a page is asked both, and most pages say neither,
 * which one pass settles (each phrase list costs a pass over the text).
 */
export const SOLD_OUT_OR_NO_LONGER_AVAILABLE = phrases(...SOLD_OUT_PHRASES, ...NO_LONGER_AVAILABLE_PHRASES);

/** A control that puts the item in the cart (or orders it ahead). */
export const ADD_TO_CART = phrases(
  'add to (?:cart|bag|basket|trolley|shopping bag|order)',
  'buy (?:it )?now',
  'pre[\\s-]?order(?: now)?',
  'order now',
  'ajouter au (?:panier|sac)',
  'acheter(?: maintenant)?',
  'précommander',
  'in den (?:warenkorb|einkaufswagen)',
  'in die einkaufstasche',
  '(?:zum|in den) warenkorb(?: hinzufügen)?',
  'jetzt kaufen',
  'vorbestellen',
  'añadir (?:a la cesta|al carrito|a la bolsa)',
  'agregar (?:al carrito|a la bolsa)',
  'comprar(?: ahora| agora)?',
  'aggiungi (?:al carrello|alla borsa|alla shopping bag)',
  'acquista(?: ora)?',
  'compra ora',
  '(?:toevoegen aan|in) (?:de )?(?:winkelwagen|winkelmand|winkelmandje)',
  'adicionar (?:ao carrinho|à sacola|ao saco)',
  'lägg i (?:varukorgen|kundvagnen)',
  'læg i kurven',
  'legg i handlekurven',
  'カートに(?:入れる|追加)',
  '今すぐ購入',
  '購入する',
  '予約する',
);

/** A control that offers to tell the shopper when the item is back: it is not in stock now. */
export const NOTIFY_ME = phrases(
  'notify me',
  'notify when (?:available|in stock|back)',
  'get notified',
  'join (?:the )?wait[\\s-]?list',
  'auto notify',
  'email me when',
  'e-mail me when',
  'alert me when',
  'tell me when',
  'back in stock',
  'me prévenir',
  'prévenez-moi',
  "m['’]avertir",
  'benachrichtig(?:en|e mich|ung)',
  'avísame',
  'notifícame',
  'avvisami',
  'houd me op de hoogte',
  'avise-me',
  '入荷お知らせ',
  '再入荷',
);

/** Class, id or data attribute names of such controls. */
export const NOTIFY_ME_HINT =
  /back[-_]?in[-_]?stock|notify[-_]?me|restock[-_]?(alert|notif)|stock[-_]?alert|productalert\/add\/stock|wait[-_]?list/i;
