/**
 * The one place where the confidence scale is converted (link-health-and-routes.md §5 leaves it
 * open). Reading chosen: the server stores and filters on fractions 0 to 1 (the §4.3 presets 0.8 and
 * 0.4 are fractions), the Min/Max Confidence inputs and every displayed confidence are percent 0-100.
 * The results, details and CSV already answer confidence as a percent.
 */
export const CONFIDENCE_PERCENT_MAX = 100;

/** An input's percent (0-100) as the fraction the filter API takes; null for blank or out of range. */
export function percentToFraction(percent: string): number | null {
  if (percent.trim() === '') return null;
  const value = Number(percent);
  if (!Number.isFinite(value) || value < 0 || value > CONFIDENCE_PERCENT_MAX) return null;
  return Math.round(value * 100) / 10_000;
}

/** A preset fraction (0.8) as the percent shown in the inputs ('80'). */
export function fractionToPercent(fraction: number): string {
  return String(Math.round(fraction * 10_000) / 100);
}

/** A percent input value is acceptable: blank, or a number from 0 to 100. */
export function isPercentInput(value: string): boolean {
  return value.trim() === '' || percentToFraction(value) !== null;
}

/** Shown under a Min/Max Confidence input holding anything else (§5: numbers from 0 to 100). */
export const CONFIDENCE_RANGE_ERROR = 'Enter a number from 0 to 100';
