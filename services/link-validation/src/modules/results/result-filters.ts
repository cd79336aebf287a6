import {
  LinkStatusValues,
  RecommendationValues,
  type LinkValidationFilters,
  type LinkValidationSortField,
} from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';

/** The §3 filters after checking: blanks dropped, status lists split, dates parsed. */
export interface ResultFilters {
  search?: string;
  linkStatuses?: string[];
  retailer?: string;
  celebrity?: string;
  show?: string;
  brand?: string;
  platform?: string;
  productType?: string;
  recommendation?: string;
  /** Fractions 0 to 1, as stored. */
  minConfidence?: number;
  maxConfidence?: number;
  /** last_checked >= this. */
  validatedFrom?: Date;
  /** last_checked < this (a date covers its whole UTC day; a date-time is made exclusive + 1 ms). */
  validatedUntil?: Date;
  postId?: string;
  sortBy: LinkValidationSortField;
  sortOrder: 'asc' | 'desc';
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

const text = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A date is a whole UTC day; a date-time is an instant. */
function parseDate(field: string, value: string | undefined): { at: Date; wholeDay: boolean } | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  const invalid = () =>
    badRequest(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time, got "${raw.slice(0, 40)}"`);
  const date = DATE.exec(raw);
  if (date) {
    const at = new Date(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])));
    if (at.toISOString().slice(0, 10) !== raw) throw invalid();
    return { at, wholeDay: true };
  }
  if (!DATE_TIME.test(raw)) throw invalid();
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) throw invalid();
  return { at, wholeDay: false };
}

/** One value, comma lists and repeated parameters alike ("404,invalid" or ["404", "invalid"]). */
function parseStatuses(values: string[] | undefined): string[] | undefined {
  const statuses = (values ?? [])
    .flatMap((value) => value.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const status of statuses) {
    if (!(LinkStatusValues as readonly string[]).includes(status)) {
      throw badRequest(`linkStatus "${status.slice(0, 40)}" is not one of: ${LinkStatusValues.join(', ')}`);
    }
  }
  return statuses.length > 0 ? [...new Set(statuses)] : undefined;
}

export function parseResultFilters(input: LinkValidationFilters): ResultFilters {
  const recommendation = text(input.recommendation);
  if (recommendation && !(RecommendationValues as readonly string[]).includes(recommendation)) {
    throw badRequest(
      `recommendation "${recommendation.slice(0, 40)}" is not one of: ${RecommendationValues.join(', ')}`,
    );
  }
  if (
    input.minConfidence !== undefined &&
    input.maxConfidence !== undefined &&
    input.minConfidence > input.maxConfidence
  ) {
    throw badRequest('minConfidence must not be greater than maxConfidence');
  }
  const after = parseDate('validatedAfter', input.validatedAfter);
  const before = parseDate('validatedBefore', input.validatedBefore);
  return {
    search: text(input.search),
    linkStatuses: parseStatuses(input.linkStatus),
    retailer: text(input.retailer),
    celebrity: text(input.celebrity),
    show: text(input.show),
    brand: text(input.brand),
    platform: text(input.platform),
    productType: text(input.productType),
    recommendation,
    minConfidence: input.minConfidence,
    maxConfidence: input.maxConfidence,
    validatedFrom: after?.at,
    validatedUntil: before && new Date(before.at.getTime() + (before.wholeDay ? DAY_MS : 1)),
    postId: input.postId,
    sortBy: input.sortBy ?? 'postCreated',
    sortOrder: input.sortOrder ?? 'desc',
  };
}
