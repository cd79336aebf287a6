import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cleanUrl, normalizeRules, prepareAffiliateHref, rewriteAffiliateUrl } from '../src/index.ts';

const paramName = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/);
const ruleArb = fc.record({
  domain: fc.constantFrom('shop.com', 'www.store.co.uk', 'brand.example', 'sub.shop.com'),
  preserveParams: fc.oneof(
    fc.array(
      fc.oneof(
        paramName,
        paramName.map((p) => `${p}*`),
        fc.constant('*'),
      ),
      { maxLength: 4 },
    ),
    fc.array(paramName, { maxLength: 3 }).map((a) => a.join(',')),
  ),
});
const rulesArb = fc.array(ruleArb, { maxLength: 4 }).map(normalizeRules);
const urlArb = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .tuple(
      fc.constantFrom(
        'https://shop.com',
        'http://a.sub.shop.com',
        'https://www.store.co.uk',
        'https://other.org',
      ),
      fc.array(fc.tuple(paramName, fc.string({ maxLength: 6 })), { maxLength: 5 }),
    )
    .map(
      ([origin, params]) =>
        `${origin}/p?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`,
    ),
);
const junkArb = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'javascript:alert(1)',
    'data:,x',
    'about:blank',
    'chrome://x',
    'file:///a',
    'http://',
    'https://[::1',
  ),
  fc.anything(),
);
const affiliate = { redirectBaseUrl: 'https://go.redirect.test/out', partnerId: 'pid-1' };

describe('url cleaning properties', () => {
  it('is idempotent: cleaning a cleaned URL changes nothing', () => {
    fc.assert(
      fc.property(urlArb, rulesArb, (url, rules) => {
        const once = cleanUrl(url, rules);
        if (once !== null) expect(cleanUrl(once, rules)).toBe(once);
      }),
    );
  });

  it('never produces a link that is not http(s)', () => {
    fc.assert(
      fc.property(fc.oneof(urlArb, junkArb), rulesArb, (input, rules) => {
        const out = cleanUrl(input, rules);
        if (out !== null) expect(out).toMatch(/^https?:\/\//);
        const href = prepareAffiliateHref({ url: input as string }, { rules, affiliate });
        if (href !== null) expect(href).toMatch(/^https?:\/\//);
      }),
    );
  });

  it('never throws on junk', () => {
    fc.assert(
      fc.property(junkArb, junkArb, (a, b) => {
        expect(() => cleanUrl(a, [])).not.toThrow();
        expect(() =>
          prepareAffiliateHref({ url: a as string, realUrl: b as string }, { rules: [], affiliate }),
        ).not.toThrow();
      }),
    );
  });

  it('rewriting round-trips the cleaned link through the url parameter and is idempotent', () => {
    fc.assert(
      fc.property(urlArb, (url) => {
        const cleaned = cleanUrl(url, []);
        if (cleaned === null) return;
        const rewritten = rewriteAffiliateUrl(cleaned, affiliate);
        expect(new URL(rewritten).searchParams.get('url')).toBe(cleaned);
        expect(rewriteAffiliateUrl(rewritten, affiliate)).toBe(rewritten);
      }),
    );
  });
});
