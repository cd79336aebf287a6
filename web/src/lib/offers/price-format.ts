const formats = new Map<string, Intl.NumberFormat>();

/**
 * A price in its own currency ("$89.50", "£40.00", "€12.00"); whole amounts keep their cents so
 * prices on one page line up. An unknown currency code falls back to the amount and the code.
 */
export function formatPrice(amount: number, currency: string): string {
  let format = formats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
    formats.set(currency, format);
  }
  return format.format(amount);
}
