/**
 * The one address of a page (storefront.md §2 lists aliases: /Fashion for /fashion, /shows/{name}
 * for /show/{name}): the alias is written as its main path, a trailing slash dropped, and the query
 * kept with its parameters in a fixed order, so a filtered listing is its own page but the same
 * filters in another order are not.
 */
export function canonicalUrl(siteUrl: string, pathname: string, search: string): string {
  let path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/Fashion') path = '/fashion';
  path = path.replace(/^\/shows\/(?=[^/]+$)/, '/show/');
  const params = new URLSearchParams(search);
  params.sort();
  const query = params.toString();
  return `${siteUrl.replace(/\/$/, '')}${path}${query ? `?${query}` : ''}`;
}
