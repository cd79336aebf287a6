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
const WALL_TITLE =
  /^\s*(just a moment|attention required|access denied|security check|are you a robot|robot or human|pardon our interruption|captcha|verification required|one more step)/i;
const CAPTCHA_WIDGET = /class=["'][^"']*(g-recaptcha|h-captcha)|hcaptcha\.com\/1\/api|recaptcha\/api\.js/i;

/**
 * A bot wall, captcha or challenge page, judged by headers and content whatever the status (a
 * challenge can come as 200, 403 or 503). A captcha widget counts only on a page that shows no
 * product: newsletter and review forms carry captchas too. Returns what it saw, or null.
 */
export function botWallReason(
  headers: Headers,
  html: string | null,
  title: string,
  hasProduct: boolean,
): string | null {
  const mitigated = headerValue(headers['cf-mitigated']);
  if (mitigated && /challenge|block/i.test(mitigated)) return 'Cloudflare challenge';
  const wafAction = headerValue(headers['x-amzn-waf-action']);
  if (wafAction && /captcha|challenge|block/i.test(wafAction)) return 'AWS WAF challenge';
  if (html === null) return null;
  if (WALL_TITLE.test(title)) return `challenge page ('${title.trim().slice(0, 60)}')`;
  if (hasProduct) return null;
  const head = html.length > 200_000 ? html.slice(0, 200_000) : html;
  for (const [pattern, reason] of WALL_MARKERS) if (pattern.test(head)) return reason;
  if (html.length < 50_000 && CAPTCHA_WIDGET.test(html)) return 'captcha page';
  return null;
}
