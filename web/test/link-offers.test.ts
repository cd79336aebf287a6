import { describe, expect, it } from 'vitest';
import { cleanLinkText, isSimilarItem, matchLabel } from '../src/lib/offers/link-text.ts';
import { formatPrice } from '../src/lib/offers/price-format.ts';
import { retailerName } from '../src/lib/offers/retailer-name.ts';
import { linkFacts } from '../src/features/product/api/use-shopping-links.ts';

describe('cleanLinkText', () => {
  it.each([
    ['Similar at Revolve at Revolve', 'Similar at Revolve'],
    ['Similar at Revolve at revolve', 'Similar at Revolve'],
    ['Shop at Net-a-Porter at Net-a-Porter at Net-a-Porter', 'Shop at Net-a-Porter'],
    ['Shop Shop the dress', 'Shop the dress'],
    ['Similar similar at Amazon $34.99', 'Similar at Amazon $34.99'],
    ['the Gucci bag the Gucci bag', 'the Gucci bag'],
    ['  Shop   at Nordstrom - $128 ', 'Shop at Nordstrom - $128'],
  ])('says %j as %j', (text, clean) => {
    expect(cleanLinkText(text)).toBe(clean);
  });

  it('leaves a text without repetitions alone', () => {
    for (const text of [
      'Shop at Nordstrom - $128',
      'Similar at Amazon $34.99',
      'Shop the Zara dress at Zara',
    ])
      expect(cleanLinkText(text)).toBe(text);
  });
});

describe('isSimilarItem', () => {
  it('tells a similar item by a text that begins with Similar, in any case', () => {
    expect(isSimilarItem('Similar at Amazon $34.99')).toBe(true);
    expect(isSimilarItem('similar style')).toBe(true);
    expect(matchLabel('Similar at Revolve')).toBe('Similar');
  });
  it('calls every other link the exact item', () => {
    expect(isSimilarItem('Shop at Nordstrom - $128')).toBe(false);
    expect(isSimilarItem('Dissimilar')).toBe(false);
    expect(isSimilarItem('Similarly priced at Zara')).toBe(false);
    expect(matchLabel('Shop the Zara dress')).toBe('Exact item');
  });
});

describe('retailerName', () => {
  it("prefers link health's retailer when it named one", () => {
    expect(retailerName({ retailer: 'Net-a-Porter', url: 'https://www.net-a-porter.com/x' })).toBe(
      'Net-a-Porter',
    );
  });
  it('names the shop from its host otherwise, the resolved address first', () => {
    expect(retailerName({ retailer: null, url: 'https://www.revolve.com/dress/1' })).toBe('Revolve');
    expect(retailerName({ url: 'https://shop.nordstrom.com/s/1' })).toBe('Nordstrom');
    expect(retailerName({ url: 'https://www.amazon.co.uk/dp/B01' })).toBe('Amazon');
    expect(retailerName({ url: 'https://www.free-people.com/p' })).toBe('Free People');
    expect(
      retailerName({ url: 'https://click.linksynergy.com/x', realUrl: 'https://www.saksfifthavenue.com/p' }),
    ).toBe('Saksfifthavenue');
  });
  it('answers null when no address tells', () => {
    expect(retailerName({ retailer: ' ', url: 'not an address' })).toBeNull();
    expect(retailerName({ url: 'http://localhost/x' })).toBeNull();
  });
});

describe('formatPrice', () => {
  it('writes each price in its own currency', () => {
    expect(formatPrice(89.5, 'USD')).toBe('$89.50');
    expect(formatPrice(40, 'GBP')).toBe('£40.00');
    expect(formatPrice(1234, 'EUR')).toBe('€1,234.00');
  });
  it('falls back to the amount and the code for a code Intl does not know', () => {
    expect(formatPrice(12, 'X1')).toBe('12.00 X1');
  });
});

describe('linkFacts (what Shop Now and each shopping option say)', () => {
  it("takes the check's price in its currency, the cleaned text, the shop and Similar", () => {
    expect(
      linkFacts({
        _id: 'a',
        text: 'Similar at Revolve at Revolve $50',
        url: 'https://www.revolve.com/x',
        realUrl: null,
        price: 44.5,
        currency: 'EUR',
        retailer: null,
      }),
    ).toEqual({
      price: 44.5,
      currency: 'EUR',
      label: 'Similar at Revolve $50',
      shop: 'Revolve',
      match: 'Similar',
    });
  });
  it("falls back to the text's dollar price and names the exact item", () => {
    expect(
      linkFacts({
        _id: 'b',
        text: 'Shop at Nordstrom - $128',
        url: 'https://shop.nordstrom.com/p',
        realUrl: null,
      }),
    ).toEqual({
      price: 128,
      currency: 'USD',
      label: 'Shop at Nordstrom - $128',
      shop: 'Nordstrom',
      match: 'Exact item',
    });
  });
});
