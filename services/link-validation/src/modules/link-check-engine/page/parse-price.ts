const ISO_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code, upper-cased, or null. */
export function currencyCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toUpperCase();
  return ISO_CURRENCIES.has(code) ? code : null;
}

/**
 * A price in major units from structured data or page text: 1299 for "$1,299.00", 1299 for
 * "1.299,00 €", 12.99 for "12,99". Structured data (schema.org) writes a dot as the decimal point,
 * so a lone dot is always decimal there; in page text a lone separator followed by exactly three
 * digits groups thousands. Null for anything that is not a finite, non-negative amount.
 */
export function parsePrice(value: unknown, from: 'structured' | 'text' = 'structured'): number | null {
  if (typeof value === 'number') return finite(value);
  if (typeof value !== 'string') return null;
  // Digits, then groups of exactly three after a separator, then decimals: "89,90 1" (a footnote
  // after the price) is 89.90, not 89901.
  const match = /\d+(?:[.,\s\u00a0\u202f'](?=\d{3}(?!\d))\d{3})*(?:[.,]\d+)?/.exec(value);
  if (!match) return null;
  let digits = match[0].replace(/[\s\u00a0\u202f']/g, '').replace(/[.,]+$/, '');
  const lastDot = digits.lastIndexOf('.');
  const lastComma = digits.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    digits = digits.split(grouping).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    digits =
      separatorMeaning(digits, ',', 'text') === 'decimal'
        ? digits.replace(',', '.')
        : digits.replaceAll(',', '');
  } else if (lastDot >= 0) {
    digits = separatorMeaning(digits, '.', from) === 'decimal' ? digits : digits.replaceAll('.', '');
  }
  return finite(Number(digits));
}

function separatorMeaning(
  digits: string,
  separator: string,
  from: 'structured' | 'text',
): 'decimal' | 'grouping' {
  const parts = digits.split(separator);
  if (parts.length > 2) return 'grouping';
  if (from === 'structured' && separator === '.') return 'decimal';
  return parts[1]!.length === 3 ? 'grouping' : 'decimal';
}

function finite(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.round(value * 100) / 100;
}

/** Symbols that name one currency wherever the shop is. */
const SYMBOLS: [RegExp, string][] = [
  [/US\$|\$US/i, 'USD'],
  [/A\$|AU\$/i, 'AUD'],
  [/C\$|CA\$/i, 'CAD'],
  [/NZ\$/i, 'NZD'],
  [/HK\$/i, 'HKD'],
  [/S\$/, 'SGD'],
  [/MX\$/i, 'MXN'],
  [/R\$/, 'BRL'],
  [/£/, 'GBP'],
  [/€/, 'EUR'],
  [/円/, 'JPY'],
  [/₹/, 'INR'],
  [/฿/, 'THB'],
  [/₩/, 'KRW'],
  [/₺/, 'TRY'],
  [/₱/, 'PHP'],
  [/₪/, 'ILS'],
  [/zł/i, 'PLN'],
  [/Kč/, 'CZK'],
  [/\bCHF\b|\bFr\.\s?\d/, 'CHF'],
];

/** '$' by the shop's country (its domain's country code); the United States otherwise. */
const DOLLARS: Record<string, string> = {
  ca: 'CAD',
  au: 'AUD',
  nz: 'NZD',
  mx: 'MXN',
  sg: 'SGD',
  hk: 'HKD',
  tw: 'TWD',
  ar: 'ARS',
  cl: 'CLP',
  co: 'COP',
};
const CROWNS: Record<string, string> = { se: 'SEK', dk: 'DKK', no: 'NOK', is: 'ISK' };

/**
 * The currency a price text names: an ISO code if present, else its symbol, read with the shop's
 * country (`country`: the domain's two-letter code, e.g. 'ca' for a .ca shop) where a symbol is
 * shared: '$' is Canadian on a .ca shop, '¥' yuan on a .cn one, 'kr' Swedish on a .se one.
 */
export function currencyInText(text: string, country: string | null = null): string | null {
  for (const code of text.match(/\b[A-Z]{3}\b/g) ?? []) {
    if (ISO_CURRENCIES.has(code)) return code;
  }
  const named = SYMBOLS.find(([pattern]) => pattern.test(text))?.[1];
  if (named) return named;
  if (/[¥￥]/.test(text)) return country === 'cn' ? 'CNY' : 'JPY';
  if (/\bkr\.?(?![\p{L}])/iu.test(text)) return (country && CROWNS[country]) ?? null;
  if (/\$/.test(text)) return (country && DOLLARS[country]) ?? 'USD';
  return null;
}

/** The currency a shop's country uses, for prices written without one (a .de shop's "49,90"). */
export function countryCurrency(country: string | null): string | null {
  if (country === null) return null;
  return COUNTRY_CURRENCY[country] ?? null;
}

const EURO_COUNTRIES = [
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'be',
  'at',
  'ie',
  'pt',
  'fi',
  'gr',
  'lu',
  'sk',
  'si',
  'ee',
  'lv',
  'lt',
  'mt',
  'cy',
  'hr',
];
const COUNTRY_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, 'EUR'])),
  ...DOLLARS,
  ...CROWNS,
  uk: 'GBP',
  gb: 'GBP',
  jp: 'JPY',
  cn: 'CNY',
  in: 'INR',
  ch: 'CHF',
  pl: 'PLN',
  cz: 'CZK',
  br: 'BRL',
  th: 'THB',
  kr: 'KRW',
  tr: 'TRY',
  za: 'ZAR',
  ae: 'AED',
};
