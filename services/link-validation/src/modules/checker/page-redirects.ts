import { decodeHTMLAttribute } from 'entities';

/**
 * Redirects written into a page rather than its headers: a meta refresh (followed when its delay
 * is at most 5 s, as a shopper would wait for it) and, on a small interstitial page such as an
 * affiliate network's hand-off, a JavaScript assignment of a string literal to location.
 * Only literals are followed: we run no script.
 */

const MAX_META_REFRESH_DELAY_S = 5;
/** Pages larger than this are real pages whose scripts may mention location for other reasons. */
const MAX_INTERSTITIAL_CHARS = 20_000;

export function metaRefreshTarget(html: string): string | null {
  // A meta tag inside a script (document.write for old browsers) or noscript is not in force.
  const inForce = html.replace(/<(noscript|script)\b[\s\S]*?<\/\1\s*>/gi, '');
  for (const tag of inForce.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']?refresh/i.test(tag)) continue;
    const content = /content\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = content?.[1] ?? content?.[2] ?? content?.[3];
    if (!value) continue;
    const parsed = /^\s*(\d+(?:\.\d+)?)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/i.exec(value);
    const delay = Number(parsed?.[1] ?? '0');
    const target = (parsed?.[2] ?? '').trim().replace(/^["']|["']$/g, '');
    if (target !== '' && delay <= MAX_META_REFRESH_DELAY_S) return decodeHTMLAttribute(target);
  }
  return null;
}

const LOCATION_ASSIGNMENT =
  /(?:(?:window|document|top|self)\s*\.\s*)?location(?:\s*\.\s*href)?\s*=\s*(["'`])((?:\\.|(?!\1)[^\\\r\n])*)\1/;
const LOCATION_CALL = /location\s*\.\s*(?:replace|assign)\s*\(\s*(["'`])((?:\\.|(?!\1)[^\\\r\n])*)\1\s*\)/;

export function scriptRedirectTarget(html: string): string | null {
  if (html.length > MAX_INTERSTITIAL_CHARS) return null;
  for (const script of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = script[1] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || /type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes))
      continue;
    const code = script[2] ?? '';
    const match = LOCATION_CALL.exec(code) ?? LOCATION_ASSIGNMENT.exec(code);
    if (match?.[2]) return unescapeJsString(match[2]);
  }
  return null;
}

function unescapeJsString(value: string): string {
  return value
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\x([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\\(.)/g, '$1');
}
