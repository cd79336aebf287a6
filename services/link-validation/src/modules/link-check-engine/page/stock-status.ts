import type { StockStatus } from '../link-check-result.ts';

const SCHEMA_AVAILABILITY: Record<string, StockStatus> = {
  instock: 'in_stock',
  onlineonly: 'in_stock',
  madetoorder: 'backorder',
  limitedavailability: 'limited',
  preorder: 'preorder',
  presale: 'preorder',
  backorder: 'backorder',
  outofstock: 'out_of_stock',
  soldout: 'out_of_stock',
  instoreonly: 'in_store_only',
  discontinued: 'discontinued',
  // Open Graph / Facebook catalog product:availability words.
  availablefororder: 'backorder',
  available: 'in_stock',
  pending: 'preorder',
  oos: 'out_of_stock',
};

/**
 * A schema.org ItemAvailability (http or https URL, or a bare value such as "InStock") or an Open
 * Graph availability word ("in stock", "out of stock", "preorder") as a stock status; null when
 * it is not one of them.
 */
export function stockFromAvailability(value: unknown): StockStatus | null {
  if (typeof value !== 'string') return null;
  const last = value.trim().split(/[/#:]/).pop() ?? '';
  const key = last.toLowerCase().replace(/[\s_-]/g, '');
  return SCHEMA_AVAILABILITY[key] ?? null;
}
