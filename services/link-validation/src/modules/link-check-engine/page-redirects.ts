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

const REFRESH = /http-equiv\s*=\s*["']?refresh/i;

export function metaRefreshTarget(html: string): string | null {
  // A page that says it nowhere has no refresh tag: one scan instead of a lower-cased copy of it.
  if (!REFRESH.test(html)) return null;
  for (const tag of metaTagsInForce(html)) {
    if (!REFRESH.test(tag)) continue;
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

/**
 * The meta tags of a page that are in force: not inside a script (a document.write for old
 * browsers) or a noscript. One pass with indexOf, never a regular expression that could rescan
 * the rest of the page from each unclosed tag (a page of unclosed "<script" or "<meta" would
 * otherwise cost time in the square of its size).
 */
function* metaTagsInForce(html: string): Generator<string> {
  const lower = html.toLowerCase();
  // The next of each opener at or after `at`, looked up again only once `at` has passed it, so
  // each is searched for across the page once in all.
  const next = { meta: -1, script: -1, noscript: -1 };
  const find = (name: keyof typeof next, at: number) => {
    if (next[name] !== Infinity && next[name] < at) {
      const index = lower.indexOf(`<${name}`, at);
      next[name] = index < 0 ? Infinity : index;
    }
    return next[name];
  };
  let at = 0;
  while (at < lower.length) {
    const meta = find('meta', at);
    const script = find('script', at);
    const noscript = find('noscript', at);
    const skipped = Math.min(script, noscript);
    if (skipped < meta) {
      const name = skipped === script ? 'script' : 'noscript';
      const close = lower.indexOf(`</${name}`, skipped + name.length + 1);
      // An unclosed script or noscript runs to the end of the page.
      if (close < 0) return;
      at = close + name.length + 2;
      continue;
    }
    if (meta === Infinity) return;
    const end = lower.indexOf('>', meta);
    if (end < 0) return;
    yield html.slice(meta, end + 1);
    at = end + 1;
  }
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
