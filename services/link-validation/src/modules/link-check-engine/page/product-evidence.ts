import type { StockStatus } from '../link-check-result.ts';

/** Where a piece of evidence came from, most trusted first (the service README's trust order). */
export const EVIDENCE_SOURCES = ['json-ld', 'microdata', 'meta', 'platform-json', 'text'] as const;
export type EvidenceSource = (typeof EVIDENCE_SOURCES)[number];

export interface OfferEvidence {
  stock: StockStatus | null;
  /** What a shopper pays now, major units. */
  price: number | null;
  currency: string | null;
}

/** What one source says about the page's own product (never a recommended one). */
export interface ProductEvidence {
  source: EvidenceSource;
  offers: OfferEvidence[];
  /** Confidence when this evidence decides, when it differs from its source's usual trust. */
  trust?: number;
  /** Prices this source names as list, regular or strikethrough prices (never what a shopper pays). */
  listPrices?: number[];
}

export function offer(
  stock: StockStatus | null,
  price: number | null,
  currency: string | null,
): OfferEvidence {
  return { stock, price, currency };
}
