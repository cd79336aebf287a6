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
