import { describe, expect, it } from 'vitest';
import {
  cleanUrl,
  expandParamPatterns,
  isAllowedLink,
  normalizeRules,
  prepareAffiliateHref,
  prepareAffiliateLinks,
  isAffiliateNetworkUrl,
  rewriteAffiliateUrl,
  rulesFromAnswer,
} from '../src/index.ts';

const affiliate = { redirectBaseUrl: 'https://go.example-redirect.com/r', partnerId: 'celebstyle-20' };
const rules = normalizeRules([
  { domain: 'nordstrom.com', preserveParams: ['color', 'size*'] },
  { domain: 'shop.example.com', preserveParams: 'sku, variant' },
  { domain: 'www.amazon.com', preserveParams: [] },
  { domain: 'inactive.com', preserveParams: [], active: false },
]);

describe('isAllowedLink (storefront.md §5 link dropping)', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'chrome://settings',
    'about:blank',
    'file:///etc/passwd',
    'data:text/html;base64,PHNjcmlwdD4=',
    'blob:https://x.com/1',
    'ftp://files.example.com/a',
    'mailto:a@b.c',
    '//example.com/no-scheme',
    'www.example.com/shoes',
    '',
    '   ',
    'https://',
    'https://www.ebay.com/itm/123',
    'https://m.ebay.co.uk/itm/1',
    'https://poshmark.com/listing/abc',
    'https://poshmark.ca/listing/abc',
    'https://posh.mk/abc',
  ])('drops %s', (url) => {
    expect(isAllowedLink(url)).toBe(false);
  });

  it.each([
    'https://www.nordstrom.com/s/dress/123',
    'http://shop.example.com/a?b=c',
    '  https://www.revolve.com/x  ',
    'https://ebayish-boutique.com/dress',
  ])('keeps %s', (url) => {
    expect(isAllowedLink(url)).toBe(true);
  });
});

describe('cleanUrl', () => {
  it('keeps only parameters matching the rule, with * wildcards', () => {
    expect(cleanUrl('https://www.nordstrom.com/s/1?color=red&utm_source=x&size_us=8&sizeEU=38', rules)).toBe(
      'https://www.nordstrom.com/s/1?color=red&size_us=8&sizeEU=38',
    );
  });

  it('applies a rule to subdomains and splits comma-joined patterns', () => {
    expect(cleanUrl('https://eu.shop.example.com/p?variant=2&sku=9&fbclid=zz', rules)).toBe(
      'https://eu.shop.example.com/p?variant=2&sku=9',
    );
  });

  it('drops every parameter when the rule preserves none, and keeps the fragment', () => {
    expect(cleanUrl('https://www.amazon.com/dp/B01?tag=x&ref=y#reviews', rules)).toBe(
      'https://www.amazon.com/dp/B01#reviews',
    );
  });

  it('leaves a domain without a rule (or with an inactive rule) unchanged', () => {
    expect(cleanUrl('https://www.revolve.com/p?utm_source=a&color=b', rules)).toBe(
      'https://www.revolve.com/p?utm_source=a&color=b',
    );
    expect(cleanUrl('https://inactive.com/p?x=1', rules)).toBe('https://inactive.com/p?x=1');
  });

  it('does not treat a look-alike domain as a subdomain', () => {
    expect(cleanUrl('https://notnordstrom.com/p?utm=1', rules)).toBe('https://notnordstrom.com/p?utm=1');
  });

  it('returns null for dropped links', () => {
    expect(cleanUrl('javascript:void(0)', rules)).toBeNull();
    expect(cleanUrl('https://www.ebay.com/itm/1', rules)).toBeNull();
  });
});

describe('rulesFromAnswer and expandParamPatterns', () => {
  it('reads a list or an object {rules} and ignores junk', () => {
    const rule = { domain: 'a.com', preserveParams: ['x'] };
    expect(rulesFromAnswer([rule, { nope: 1 }, null])).toEqual([rule]);
    expect(rulesFromAnswer({ rules: [rule] })).toEqual([rule]);
    expect(rulesFromAnswer('junk')).toEqual([]);
    expect(rulesFromAnswer({ rules: 'x' })).toEqual([]);
  });

  it('splits comma-joined strings, trims and removes blanks and duplicates', () => {
    expect(expandParamPatterns(['a, b', 'b', ' ', 'c*'])).toEqual(['a', 'b', 'c*']);
    expect(expandParamPatterns('x,y')).toEqual(['x', 'y']);
  });
});

describe('links that already go through an affiliate network are wrapped once', () => {
  it.each([
    ['Skimlinks', 'https://go.skimresources.com/?id=123X456&url=https%3A%2F%2Fwww.revolve.com%2Fp'],
    ['Skimlinks (redirectingat)', 'https://go.redirectingat.com/?id=1&xs=1&url=https%3A%2F%2Fshop.com'],
    ['rewardStyle / LTK', 'https://rstyle.me/+AbCdEf123'],
    ['LTK short link', 'https://liketk.it/4xYz'],
    [
      'Rakuten / LinkShare',
      'https://click.linksynergy.com/deeplink?id=abc&mid=1&murl=https%3A%2F%2Fshop.com',
    ],
    ['Awin', 'https://www.awin1.com/cread.php?awinmid=1&awinaffid=2&ued=https%3A%2F%2Fshop.com'],
    ['CJ', 'https://www.anrdoezrs.net/click-123-456?url=https%3A%2F%2Fshop.com'],
    ['CJ (another host)', 'https://www.kqzyfj.com/click-1-2'],
    ['Impact', 'https://brand.sjv.io/c/123/456/789'],
    ['Impact (pxf)', 'https://shop.pxf.io/x'],
    ['Amazon tag', 'https://www.amazon.com/dp/B000123?tag=celebstyle-20'],
    ['Amazon UK tag', 'https://www.amazon.co.uk/dp/B000123?ref=x&tag=someone-21'],
    ['Amazon short link', 'https://amzn.to/3AbCdEf'],
  ])('%s', (_network, link) => {
    expect(isAffiliateNetworkUrl(link)).toBe(true);
    expect(rewriteAffiliateUrl(link, affiliate)).toBe(link);
  });

  it('wraps shops, and Amazon links without a tag, and lookalike hosts', () => {
    for (const link of [
      'https://www.revolve.com/dress/dp/ABC',
      'https://www.amazon.com/dp/B000123',
      'https://www.amazon.com/dp/B000123?tag=',
      'https://notrstyle.me/x',
      'https://sjv.io.evil.example/x',
    ]) {
      expect(isAffiliateNetworkUrl(link), link).toBe(false);
      expect(new URL(rewriteAffiliateUrl(link, affiliate)).searchParams.get('url')).toBe(link);
    }
  });
});

describe('rewriteAffiliateUrl (storefront.md §4)', () => {
  it('passes the link through the redirect service with url and the partner id', () => {
    const out = new URL(rewriteAffiliateUrl('https://www.nordstrom.com/s/1?color=red', affiliate));
    expect(out.origin + out.pathname).toBe('https://go.example-redirect.com/r');
    expect(out.searchParams.get('url')).toBe('https://www.nordstrom.com/s/1?color=red');
    expect(out.searchParams.get('id')).toBe('celebstyle-20');
  });

  it('does not wrap a link twice and leaves links alone without configuration', () => {
    const once = rewriteAffiliateUrl('https://a.com/x', affiliate);
    expect(rewriteAffiliateUrl(once, affiliate)).toBe(once);
    expect(rewriteAffiliateUrl('https://a.com/x', null)).toBe('https://a.com/x');
    expect(rewriteAffiliateUrl('https://a.com/x', { redirectBaseUrl: '', partnerId: 'p' })).toBe(
      'https://a.com/x',
    );
  });
});

describe('prepareAffiliateLinks', () => {
  const links = [
    { _id: '1', text: 'Shop $12', url: 'https://www.nordstrom.com/s/1?color=red&utm=1', realUrl: null },
    { _id: '2', text: 'bad', url: 'javascript:alert(1)', realUrl: null },
    { _id: '3', text: 'resold', url: 'https://click.example.com/x', realUrl: 'https://www.ebay.com/itm/9' },
    { _id: '4', text: 'data', url: 'data:text/plain,hi', realUrl: null },
    { _id: '5', text: 'ok', url: 'https://www.revolve.com/p', realUrl: 'not a url' },
  ];

  it('drops unsafe links, cleans and rewrites the rest in order', () => {
    const out = prepareAffiliateLinks(links, { rules, affiliate });
    expect(out.map((l) => l._id)).toEqual(['1', '5']);
    expect(new URL(out[0]!.href).searchParams.get('url')).toBe('https://www.nordstrom.com/s/1?color=red');
  });

  it('leaves links as they are, neither cleaned nor rewritten (but still drops unsafe ones), when the rules could not be fetched', () => {
    const out = prepareAffiliateLinks(links, { rules: null, affiliate });
    expect(out.map((l) => [l._id, l.href])).toEqual([
      ['1', 'https://www.nordstrom.com/s/1?color=red&utm=1'],
      ['5', 'https://www.revolve.com/p'],
    ]);
  });

  it('accepts raw rules as the API answers them', () => {
    const href = prepareAffiliateHref(links[0]!, {
      rules: [{ domain: 'nordstrom.com', preserveParams: 'color' }],
      affiliate: null,
    });
    expect(href).toBe('https://www.nordstrom.com/s/1?color=red');
  });
});
