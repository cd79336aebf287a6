import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  currencyCode,
  currencyInText,
  parsePrice,
} from '../../src/modules/link-check-engine/page/parse-price.ts';
import { stockFromAvailability } from '../../src/modules/link-check-engine/page/stock-status.ts';

describe('parsePrice', () => {
  it.each([
    ['$1,299.00', 'text', 1299],
    ['1.299,00 €', 'text', 1299],
    ['1 299,00 €', 'text', 1299],
    ["CHF 1'299.50", 'text', 1299.5],
    ['12,99', 'text', 12.99],
    ['1,299', 'text', 1299],
    ['1.299', 'text', 1299],
    ['1.299', 'structured', 1.3],
    ['1299.00', 'structured', 1299],
    ['1,299.00', 'structured', 1299],
    ['£45', 'text', 45],
    ['USD 2,450.99', 'text', 2450.99],
  ] as const)('reads %s from %s as %d', (input, from, expected) => {
    expect(parsePrice(input, from)).toBe(expected);
  });

  it.each(['', 'free', 'Call for price', null, undefined, {}, Number.NaN, Infinity, -5])(
    'gives null for %s',
    (input) => {
      expect(parsePrice(input)).toBeNull();
    },
  );

  it('reads back any amount written the US or the European way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.boolean(), (cents, european) => {
        const amount = cents / 100;
        const text = amount.toLocaleString(european ? 'de-DE' : 'en-US', {
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(parsePrice(text, 'text')).toBe(amount);
      }),
    );
  });
});

describe('currencies', () => {
  it('accepts ISO 4217 codes only', () => {
    expect(currencyCode(' usd ')).toBe('USD');
    expect(currencyCode('DOLLARS')).toBeNull();
    expect(currencyCode('XYZ')).toBeNull();
  });

  it.each([
    ['£1,200', 'GBP'],
    ['1.299,00 €', 'EUR'],
    ['A$250', 'AUD'],
    ['$80', 'USD'],
    ['80 CAD', 'CAD'],
    ['80', null],
  ])('reads the currency of %s', (text, code) => {
    expect(currencyInText(text)).toBe(code);
  });
});

describe('stockFromAvailability', () => {
  it.each([
    ['https://schema.org/InStock', 'in_stock'],
    ['http://schema.org/OutOfStock', 'out_of_stock'],
    ['InStock', 'in_stock'],
    ['schema:PreOrder', 'preorder'],
    ['SoldOut', 'out_of_stock'],
    ['in stock', 'in_stock'],
    ['out of stock', 'out_of_stock'],
    ['available for order', 'backorder'],
    ['https://schema.org/Discontinued', 'discontinued'],
    ['https://schema.org/InStoreOnly', 'in_store_only'],
    ['LimitedAvailability', 'limited'],
    ['maybe', null],
    [42, null],
  ])('reads %s as %s', (value, expected) => {
    expect(stockFromAvailability(value)).toBe(expected);
  });
});
