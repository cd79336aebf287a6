/** Second-level suffixes under which the shop's name is the third label from the end (amazon.co.uk). */
const TWO_PART_SUFFIXES = new Set([
  'co.uk',
  'com.au',
  'co.jp',
  'co.nz',
  'com.br',
  'co.za',
  'com.mx',
  'co.in',
]);

/**
 * The shop's name of a link: link-validation's retailer when it named one, else the shop's host
 * ("https://www.revolve.com/x" → "Revolve"; "shop.nordstrom.com" → "Nordstrom"), from the resolved
 * address first (the plain one may be an affiliate network's). Null when neither tells.
 */
export function retailerName(link: {
  retailer?: string | null;
  realUrl?: string | null;
  url: string;
}): string | null {
  const named = link.retailer?.trim();
  if (named) return named;
  for (const address of [link.realUrl, link.url]) {
    const name = address ? nameOfHost(address) : null;
    if (name) return name;
  }
  return null;
}

function nameOfHost(address: string): string | null {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase();
  } catch {
    return null;
  }
  const labels = host.split('.').filter(Boolean);
  if (labels.length < 2 || labels.every((label) => /^\d+$/.test(label))) return null;
  const suffix = labels.slice(-2).join('.');
  const name = labels.at(TWO_PART_SUFFIXES.has(suffix) && labels.length >= 3 ? -3 : -2)!;
  return name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
}
