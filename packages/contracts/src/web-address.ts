/**
 * The one rule for the addresses the catalog stores and the apps turn into links and images, read
 * by every write path (admin edits, imports, enrichment) and by the admin console before it makes
 * anything clickable. A web address is an absolute http(s) URL with a host; an image may also be a
 * path on this site (/api/images/...). Everything else (javascript:, data:, vbscript:, file:, blob:,
 * //other-host, junk) is refused.
 *
 * Both checks parse with the WHATWG URL parser, as browsers do: a browser drops tabs and newlines
 * anywhere and spaces at the ends, so 'java\tscript:' and '/\t/host' are read as what they become.
 */
export const WEB_ADDRESS_MAX_LENGTH = 4000;

const SITE_ORIGIN = 'https://site.invalid';

export function isWebAddress(value: string): boolean {
  if (value.length > WEB_ADDRESS_MAX_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** A path on this site: '/…', never '//host' or '/\host', which browsers take for another host. */
export function isSitePath(value: string): boolean {
  if (value.length > WEB_ADDRESS_MAX_LENGTH || !value.startsWith('/')) return false;
  try {
    return new URL(value, SITE_ORIGIN).origin === SITE_ORIGIN;
  } catch {
    return false;
  }
}

export const isImageAddress = (value: string): boolean => isWebAddress(value) || isSitePath(value);

/** The refusal of a link address (affiliate links, a post's source), or null when it is one. */
export const linkAddressProblem = (field: string, value: string): string | null =>
  isWebAddress(value) ? null : `${field} must be an http(s) URL`;

/** The refusal of an image address, or null when it is one. */
export const imageAddressProblem = (field: string, value: string): string | null =>
  isImageAddress(value) ? null : `${field} must be an http(s) URL or a path`;
