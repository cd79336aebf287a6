import { describe, expect, it } from 'vitest';
import { parseDomain, parseNotes, parsePreserveParams } from '../src/modules/rules/rule-input.ts';

const message = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

describe('parseDomain', () => {
  it('stores the normalizeDomain form: lowercase, no scheme, path, port or www.', () => {
    expect(parseDomain('https://www.Shop.Example.com:8443/path?q=1')).toBe('shop.example.com');
    expect(parseDomain('  NORDSTROM.com.  ')).toBe('nordstrom.com');
    expect(parseDomain('m.shop.co.uk')).toBe('m.shop.co.uk');
  });

  it('stores an international domain in the punycode form browsers answer', () => {
    expect(parseDomain('bücher.de')).toBe('xn--bcher-kva.de');
  });

  it('refuses a blank domain with the spec text', () => {
    expect(message(() => parseDomain('   '))).toBe('Domain is required');
  });

  it.each([
    'localhost',
    'shop',
    '*.shop.com',
    'user@shop.com',
    'shop .com',
    '-shop.com',
    '10.0.0.1',
    'https://',
  ])('refuses %j as not a valid domain', (raw) => {
    expect(message(() => parseDomain(raw))).toMatch(/is not a valid domain|Domain is required/);
  });
});

describe('parsePreserveParams', () => {
  it('trims entries and keeps wildcards', () => {
    expect(parsePreserveParams([' tag ', 'utm_*', '*'])).toEqual(['tag', 'utm_*', '*']);
    expect(parsePreserveParams(undefined)).toEqual([]);
  });

  it('refuses a blank entry, naming its position', () => {
    expect(message(() => parsePreserveParams(['tag', '  ']))).toBe('Preserve parameter 2 is blank');
  });

  it('refuses a duplicate, compared case-insensitively after trimming', () => {
    expect(message(() => parsePreserveParams(['Tag', ' tag']))).toBe(
      'Preserve parameter "tag" is listed more than once',
    );
  });

  it('refuses a comma-joined entry', () => {
    expect(message(() => parsePreserveParams(['tag,ref']))).toMatch(/contains a comma/);
  });

  it('refuses a pattern with more than 4 wildcards, and keeps one with 4', () => {
    expect(message(() => parsePreserveParams(['*a*a*a*a*a*a*a*a*b']))).toBe(
      'Preserve parameter "*a*a*a*a*a*a*a*a*b" has 9 wildcards (*); at most 4 are allowed',
    );
    expect(parsePreserveParams(['*a*b*c*'])).toEqual(['*a*b*c*']);
  });

  it('refuses a pattern longer than 100 characters', () => {
    const long = `utm_${'x'.repeat(97)}`;
    expect(message(() => parsePreserveParams([long]))).toBe(
      `Preserve parameter "${long.slice(0, 20)}…" is longer than 100 characters`,
    );
  });
});

describe('parseNotes', () => {
  it('trims, turns blank into null and keeps "not sent" apart', () => {
    expect(parseNotes('  hi ')).toBe('hi');
    expect(parseNotes('   ')).toBeNull();
    expect(parseNotes(null)).toBeNull();
    expect(parseNotes(undefined)).toBeUndefined();
  });
});
