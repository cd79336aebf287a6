const NOT_FOUND =
  /(page not found|\b404\b|\bnot found\b|can['’]?t (be )?found|cannot be found|could not be found|couldn['’]?t find|doesn['’]?t exist|does not exist|no longer exists|seite nicht gefunden|page introuvable|página no encontrada|pagina non trovata|pagina niet gevonden)/i;
const SEARCH_PATH = /\/(search|s|find|catalogsearch)(\/|$)/i;
const SEARCH_PARAMS = ['q', 'query', 'search', 'searchterm', 'keyword', 'keywords', 'k', 'text'];
const HOME_PATH = /^\/([a-z]{2}([-_][a-z]{2})?\/?)?(index\.html?|home\/?)?$/i;
const MIN_TILES_FOR_LISTING = 6;

/** A "not found" page served with 200 (a soft 404): its title or main heading says so. */
export function isSoft404(title: string, firstHeading: string): boolean {
  return NOT_FOUND.test(title) || NOT_FOUND.test(firstHeading);
}

/**
 * Where a product link that shows no product of its own landed instead: the shop's home page (a
 * deeper link that now ends at '/'), a search page or a category listing (many product tiles, or
 * the page declares a list). Null when it looks like none of them.
 */
export function listingKind(
  finalUrl: URL,
  originalUrl: URL,
  declaresListing: boolean,
  productTiles: number,
): string | null {
  if (HOME_PATH.test(finalUrl.pathname) && !HOME_PATH.test(originalUrl.pathname)) return 'the shop home page';
  const params = [...finalUrl.searchParams.keys()].map((key) => key.toLowerCase());
  if (SEARCH_PATH.test(finalUrl.pathname) || params.some((key) => SEARCH_PARAMS.includes(key)))
    return 'a search page';
  if (declaresListing || productTiles >= MIN_TILES_FOR_LISTING) return 'a category or list page';
  return null;
}

const CONSENT =
  /before you continue|we value your privacy|your privacy choices|cookie (?:consent|settings|preferences|policy)|(?:accept|allow|reject) (?:all )?cookies|consent to (?:the use of )?cookies|manage (?:your )?(?:consent|cookies)|privacy (?:settings|preferences|center)|datenschutz-?einstellungen|cookies? akzeptieren|alle akzeptieren|einwilligung|nous respectons votre vie privée|accepter (?:les|tous les) cookies|tout accepter|gestion des cookies|aceptar (?:todas las )?cookies|configuración de cookies|accetta (?:tutti i )?cookie|cookies accepteren|alle cookies|aceitar (?:todos os )?cookies|クッキー|cookieの使用/i;
const CONSENT_HOST = /^(consent|cookie|privacy|cmp)[.-]/i;
const MAX_CONSENT_WALL_TEXT = 3_000;

/**
 * A cookie or consent wall that stands where the product should be: the link was sent to a consent
 * host, or the page shows little besides a consent form. Only asked of pages with no product.
 */
export function isConsentWall(finalUrl: URL, title: string, firstHeading: string, text: string): boolean {
  if (CONSENT_HOST.test(finalUrl.hostname)) return true;
  if (CONSENT.test(title) || CONSENT.test(firstHeading)) return true;
  return text.length <= MAX_CONSENT_WALL_TEXT && CONSENT.test(text);
}

const OTHER_SELLERS =
  /see all buying options|no featured offers available|available from (?:these|other) sellers|other sellers on|buying options|autres vendeurs|andere verkäufer|otros vendedores|altri venditori|andere verkopers|outros vendedores|他の出品者/i;

/** A marketplace page on which the shop itself does not sell the item, only other sellers do. */
export function otherSellersOnly(
  controlLabels: readonly string[],
  text: string,
  addToCart: 'enabled' | 'disabled' | null,
): boolean {
  if (addToCart === 'enabled') return false;
  return (
    controlLabels.some((label) => OTHER_SELLERS.test(label)) || /available from these sellers/i.test(text)
  );
}
