import { headerValue } from '../fetch-hop.ts';

type Headers = Record<string, string | string[] | undefined>;

/** Markup only challenge, captcha and block pages of the common bot managers carry. */
const WALL_MARKERS: [RegExp, string][] = [
  [
    /cf-browser-verification|challenges\.cloudflare\.com|cf_chl_opt|__cf_chl_|Attention Required! \| Cloudflare/i,
    'Cloudflare challenge',
  ],
  [/captcha-delivery\.com|geo\.captcha-delivery/i, 'DataDome captcha'],
  [/px-captcha|_pxCaptcha|perimeterx/i, 'PerimeterX challenge'],
  [/Pardon Our Interruption/i, 'Imperva block page'],
  [/Request unsuccessful\. Incapsula incident|_Incapsula_Resource/i, 'Imperva block page'],
  [
    /Robot or human\?|Are you a robot|verify (that )?you are (a )?human|Enter the characters you see below|\/errors\/validateCaptcha/i,
    'captcha page',
  ],
  [/Access to this page has been denied/i, 'access denied page'],
];
const MAX_WALL_TEXT = 3_000;
const ANY_WALL_MARKER = new RegExp(WALL_MARKERS.map(([pattern]) => pattern.source).join('|'), 'i');
const WALL_TITLE =
  /^\s*(just a moment|attention required|access denied|security check|are you a robot|robot or human|pardon our interruption|captcha|verification required|one more step)/i;
const CAPTCHA_WIDGET = /class=["'][^"']*(g-recaptcha|h-captcha)|hcaptcha\.com\/1\/api|recaptcha\/api\.js/i;

/**
 * A bot wall, captcha or challenge page, judged by headers and content whatever the status (a
 * challenge can come as 200, 403 or 503). Markup counts only on a page that shows no product and
 * little text: newsletter and review forms carry captchas too, and shops load bot managers' scripts
 * on every page. Returns what it saw, or null.
 */
export function botWallReason(
  headers: Headers,
  html: string | null,
  title: string,
  hasProduct: boolean,
  visibleTextLength = 0,
): string | null {
  const mitigated = headerValue(headers['cf-mitigated']);
  if (mitigated && /challenge|block/i.test(mitigated)) return 'Cloudflare challenge';
  const wafAction = headerValue(headers['x-amzn-waf-action']);
  if (wafAction && /captcha|challenge|block/i.test(wafAction)) return 'AWS WAF challenge';
  if (html === null) return null;
  if (WALL_TITLE.test(title)) return `challenge page ('${title.trim().slice(0, 60)}')`;
  // A wall shows a sentence or two; a page with this much to read is the page itself (and its
  // markup may well load a bot manager's script, which is no wall).
  if (hasProduct || visibleTextLength > MAX_WALL_TEXT) return null;
  const head = html.length > 200_000 ? html.slice(0, 200_000) : html;
  // One pass over the page for all markers; which one it was is asked only of a wall.
  if (ANY_WALL_MARKER.test(head)) {
    for (const [pattern, reason] of WALL_MARKERS) if (pattern.test(head)) return reason;
  }
  if (html.length < 50_000 && CAPTCHA_WIDGET.test(html)) return 'captcha page';
  return null;
}
