import { Type, type Static } from '@sinclair/typebox';
import { QueryInteger, QueryNumber, QueryPage } from './query-integer.ts';
import { Uuid } from './uuid.ts';

/**
 * link-health-and-routes.md §2.2, §2.3, §3, §4.3, §7, §9: the link validation results back office.
 * The schemas fix types and sizes; the link-validation service checks the content of filters
 * (status names, dates, confidence order) and answers with readable messages.
 */
export const LinkValidationLimits = {
  /** §9 page size on the list. */
  pageSizeDefault: 50,
  /** The list's largest page (the details dialog asks 100, §7). */
  pageSizeMax: 100,
  /** §9 export limit, in CSV rows (links). */
  exportRowsMax: 10_000,
  /** §9 link results per post in the dialog. */
  linksPerPostMax: 100,
  filterTextMax: 200,
  statusValuesMax: 20,
  notesMax: 1000,
} as const;

/** §3 link status values, in the spec's order. */
export const LinkStatusValues = [
  'active',
  'sold_out',
  '404',
  'invalid',
  'server_error',
  'redirect_error',
  'access_denied',
  'product_removed',
  'unknown',
] as const;
export type LinkStatusValue = (typeof LinkStatusValues)[number];

/** §4.3 Broken Links preset; also what the stats call broken. */
export const BrokenLinkStatuses = [
  '404',
  'invalid',
  'server_error',
  'redirect_error',
  'access_denied',
  'product_removed',
] as const satisfies readonly LinkStatusValue[];

/**
 * Verdicts that mean the shop's page is gone for good (link-validation's "dead" health of a check).
 * Public post answers leave such links out while another remains; the storefront says an item
 * whose every link is dead is no longer available.
 */
export const DeadLinkStatuses = [
  '404',
  'invalid',
  'product_removed',
  'redirect_error',
] as const satisfies readonly LinkStatusValue[];

/** §3 recommendation values. */
export const RecommendationValues = [
  'use_original',
  'use_original_despite_parameters',
  'use_original_with_parameters',
  'use_original_for_safety',
  'use_cleaned_url',
  'equivalent',
  'investigate',
  'both_broken',
] as const;

/**
 * Sort fields: the post columns of the results table (§2.2) and more post fields, which order the
 * posts (links inside a post stay by linkIndex ascending); linkIndex orders the links inside each
 * post (posts then by postCreated descending), as the details dialog asks (§7).
 */
export const LinkValidationSortFields = [
  'postCreated',
  'postTitle',
  'celebrity',
  'show',
  'brand',
  'platform',
  'postStatus',
  'linkIndex',
] as const;
export type LinkValidationSortField = (typeof LinkValidationSortFields)[number];

const FilterText = Type.String({ maxLength: LinkValidationLimits.filterTextMax });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);

/**
 * §3 filters. linkStatus is one value, a comma-separated list, or repeated (`?linkStatus=404&linkStatus=invalid`).
 * minConfidence and maxConfidence are fractions 0 to 1, the scale of the quick-filter presets
 * (§4.3: 0.8 and 0.4); the 0-100 inputs of §2.2 divide by 100 before sending. validatedAfter and
 * validatedBefore are dates (YYYY-MM-DD, whole UTC days, both inclusive) or ISO 8601 date-times.
 */
export const LinkValidationFilters = Type.Object({
  search: Type.Optional(FilterText),
  linkStatus: Type.Optional(Type.Array(FilterText, { maxItems: LinkValidationLimits.statusValuesMax })),
  retailer: Type.Optional(FilterText),
  celebrity: Type.Optional(FilterText),
  show: Type.Optional(FilterText),
  brand: Type.Optional(FilterText),
  platform: Type.Optional(FilterText),
  productType: Type.Optional(FilterText),
  recommendation: Type.Optional(FilterText),
  minConfidence: Type.Optional(QueryNumber({ minimum: 0, maximum: 1 })),
  maxConfidence: Type.Optional(QueryNumber({ minimum: 0, maximum: 1 })),
  validatedAfter: Type.Optional(Type.String({ maxLength: 40 })),
  validatedBefore: Type.Optional(Type.String({ maxLength: 40 })),
  postId: Type.Optional(Uuid()),
  sortBy: Type.Optional(Type.Union(LinkValidationSortFields.map((field) => Type.Literal(field)))),
  sortOrder: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type LinkValidationFilters = Static<typeof LinkValidationFilters>;

/** GET results: page and limit count posts (the table groups by post, §2.2). */
export const LinkValidationResultsQuery = Type.Composite([
  LinkValidationFilters,
  Type.Object({
    page: QueryPage(),
    limit: QueryInteger({
      minimum: 1,
      maximum: LinkValidationLimits.pageSizeMax,
      default: LinkValidationLimits.pageSizeDefault,
    }),
  }),
]);
export type LinkValidationResultsQuery = Static<typeof LinkValidationResultsQuery>;

/** POST export: page and limit count CSV rows (links), at most 10,000 (§9). */
export const LinkValidationExportBody = Type.Composite([
  LinkValidationFilters,
  Type.Object({
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    limit: Type.Integer({
      minimum: 1,
      maximum: LinkValidationLimits.exportRowsMax,
      default: LinkValidationLimits.exportRowsMax,
    }),
  }),
]);
export type LinkValidationExportBody = Static<typeof LinkValidationExportBody>;

const PostFields = {
  postId: Type.String(),
  postTitle: Type.String(),
  postImage: Nullable(Type.String()),
  enhancedImage: Nullable(Type.String()),
  postPlatform: Type.String(),
  postStatus: Type.String(),
  postCreated: Type.String({ format: 'date-time' }),
  celebrity: Type.String(),
  show: Type.String(),
  brand: Type.String(),
  productType: Type.String(),
};

/** §3 link fields. confidence is a percent (0-100) here; it is stored as a fraction 0 to 1. */
const LinkFields = {
  linkId: Type.String(),
  linkIndex: Type.Integer(),
  linkStatus: Type.String(),
  retailer: Nullable(Type.String()),
  confidence: Type.Number(),
  lastChecked: Nullable(Type.String({ format: 'date-time' })),
  httpStatus: NullableInteger,
  stockStatus: Nullable(Type.String()),
  price: NullableNumber,
  currency: Nullable(Type.String()),
  responseTime: NullableInteger,
  validationCount: Type.Integer(),
  nextCheckDate: Nullable(Type.String({ format: 'date-time' })),
  recommendation: Nullable(Type.String()),
  errorMessage: Nullable(Type.String()),
  linkText: Type.String(),
  cleanUrl: Nullable(Type.String()),
  originalUrl: Type.String(),
  /** The address the link ends at after redirects (last check), else the catalog's resolved URL. */
  realUrl: Nullable(Type.String()),
  /** An admin's status change (link-status route), null when none. */
  statusChangedBy: Nullable(Type.String()),
  statusChangedAt: Nullable(Type.String({ format: 'date-time' })),
  statusNotes: Nullable(Type.String()),
};

export const LinkValidationLink = Type.Object(LinkFields);
export type LinkValidationLink = Static<typeof LinkValidationLink>;

/** §3 link validation result row: one per link, with its post's fields. */
export const LinkValidationResult = Type.Object({ ...PostFields, ...LinkFields });
export type LinkValidationResult = Static<typeof LinkValidationResult>;

export const LinkValidationPagination = Type.Object({
  page: Type.Integer(),
  pages: Type.Integer(),
  /** Number of matching posts. */
  total: Type.Integer(),
  hasPrevPage: Type.Boolean(),
  hasNextPage: Type.Boolean(),
});
export type LinkValidationPagination = Static<typeof LinkValidationPagination>;

export const LinkValidationFilterOptions = Type.Object({
  retailers: Type.Array(Type.String()),
  celebrities: Type.Array(Type.String()),
  shows: Type.Array(Type.String()),
  brands: Type.Array(Type.String()),
  platforms: Type.Array(Type.String()),
  productTypes: Type.Array(Type.String()),
});
export type LinkValidationFilterOptions = Static<typeof LinkValidationFilterOptions>;

export const LinkValidationResultsAnswer = Type.Object({
  results: Type.Array(LinkValidationResult),
  pagination: LinkValidationPagination,
  filterOptions: LinkValidationFilterOptions,
});
export type LinkValidationResultsAnswer = Static<typeof LinkValidationResultsAnswer>;

export const LinkValidationStats = Type.Object({
  totalLinks: Type.Integer(),
  activeLinks: Type.Integer(),
  activePercentage: Type.Number(),
  brokenLinks: Type.Integer(),
  brokenPercentage: Type.Number(),
  soldOutLinks: Type.Integer(),
  soldOutPercentage: Type.Number(),
  unknownLinks: Type.Integer(),
  unknownPercentage: Type.Number(),
});
export type LinkValidationStats = Static<typeof LinkValidationStats>;

/** §7 update link status: postId, linkIndex, newStatus and optional notes. */
export const LinkStatusChangeBody = Type.Object({
  postId: Uuid(),
  linkIndex: Type.Integer({ minimum: 0, maximum: 100_000 }),
  newStatus: Type.Union(LinkStatusValues.map((status) => Type.Literal(status))),
  notes: Type.Optional(Nullable(Type.String({ maxLength: LinkValidationLimits.notesMax }))),
});
export type LinkStatusChangeBody = Static<typeof LinkStatusChangeBody>;

export const LinkStatusChangeAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type LinkStatusChangeAnswer = Static<typeof LinkStatusChangeAnswer>;

export const PostLinksParams = Type.Object({ postId: Uuid() });
export type PostLinksParams = Static<typeof PostLinksParams>;

/** §2.3 per-post link details: the post fields, its link count and up to 100 links by linkIndex. */
export const PostLinkDetails = Type.Object({
  ...PostFields,
  totalLinks: Type.Integer(),
  links: Type.Array(LinkValidationLink),
});
export type PostLinkDetails = Static<typeof PostLinkDetails>;

export const LinkValidationText = {
  postNotFound: 'Post not found',
  linkNotFound: 'Link not found',
  statusUpdated: 'Link status updated',
  statusUnchanged: 'Link status unchanged; note recorded',
} as const;
