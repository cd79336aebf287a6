import { Type, type Static } from '@sinclair/typebox';
import { IdParams, Uuid } from './uuid.ts';

/**
 * link-health-and-routes.md §2.4, §3, §7: URL cleaning rules. The schemas fix types and sizes;
 * the link-validation service checks content (blank, duplicate, host shape) and answers with
 * readable messages.
 */
export const UrlCleaningRuleLimits = {
  /** A host name is at most 253 characters; the input may carry a scheme and path that are stripped. */
  domainInputMax: 2048,
  domainMax: 253,
  preserveParamsMax: 50,
  preserveParamMax: 100,
  notesMax: 500,
  searchMax: 200,
  bulkToggleMax: 500,
  previewUrlMax: 8192,
} as const;

/** §3 URL cleaning rule, as answered (an allow-list of columns). */
export const CleaningRule = Type.Object({
  _id: Type.String(),
  domain: Type.String(),
  preserveParams: Type.Array(Type.String()),
  active: Type.Boolean(),
  notes: Type.Union([Type.String(), Type.Null()]),
});
export type CleaningRule = Static<typeof CleaningRule>;

/**
 * The storefront's read (§7 public URL-rule read): what link cleaning needs. Admin notes stay in
 * the back office; they may hold internal remarks about a retailer.
 */
export const PublicCleaningRule = Type.Omit(CleaningRule, ['notes']);
export type PublicCleaningRule = Static<typeof PublicCleaningRule>;

export const PublicCleaningRuleListAnswer = Type.Object({ rules: Type.Array(PublicCleaningRule) });
export type PublicCleaningRuleListAnswer = Static<typeof PublicCleaningRuleListAnswer>;

export const CleaningRuleListAnswer = Type.Object({ rules: Type.Array(CleaningRule) });
export type CleaningRuleListAnswer = Static<typeof CleaningRuleListAnswer>;

export const CleaningRuleAnswer = Type.Object({ rule: CleaningRule });
export type CleaningRuleAnswer = Static<typeof CleaningRuleAnswer>;

export const CleaningRuleListQuery = Type.Object({
  /** §2.4: filters by domain or notes. */
  search: Type.Optional(Type.String({ maxLength: UrlCleaningRuleLimits.searchMax })),
});
export type CleaningRuleListQuery = Static<typeof CleaningRuleListQuery>;

export const CleaningRuleIdParams = IdParams;
export type CleaningRuleIdParams = Static<typeof CleaningRuleIdParams>;

/** Create and update (§7: domain, preserveParams, active, notes). */
export const CleaningRuleBody = Type.Object({
  domain: Type.String({ maxLength: UrlCleaningRuleLimits.domainInputMax }),
  preserveParams: Type.Optional(
    Type.Array(Type.String({ maxLength: UrlCleaningRuleLimits.preserveParamMax }), {
      maxItems: UrlCleaningRuleLimits.preserveParamsMax,
    }),
  ),
  active: Type.Optional(Type.Boolean()),
  notes: Type.Optional(Type.Union([Type.String({ maxLength: UrlCleaningRuleLimits.notesMax }), Type.Null()])),
});
export type CleaningRuleBody = Static<typeof CleaningRuleBody>;

export const CleaningRuleStats = Type.Object({
  total: Type.Integer(),
  active: Type.Integer(),
  inactive: Type.Integer(),
});
export type CleaningRuleStats = Static<typeof CleaningRuleStats>;

export const CleaningRuleDeleteAnswer = Type.Object({ success: Type.Boolean(), message: Type.String() });
export type CleaningRuleDeleteAnswer = Static<typeof CleaningRuleDeleteAnswer>;

export const CleaningRuleBulkToggleBody = Type.Object({
  ruleIds: Type.Array(Uuid(), { minItems: 1, maxItems: UrlCleaningRuleLimits.bulkToggleMax }),
  active: Type.Boolean(),
});
export type CleaningRuleBulkToggleBody = Static<typeof CleaningRuleBulkToggleBody>;

export const CleaningRuleBulkToggleAnswer = Type.Object({ updated: Type.Integer() });
export type CleaningRuleBulkToggleAnswer = Static<typeof CleaningRuleBulkToggleAnswer>;

/** §2.4 'Test URL Cleaning': one rule by id, else every active rule. */
export const CleaningRulePreviewBody = Type.Object({
  url: Type.String({ maxLength: UrlCleaningRuleLimits.previewUrlMax }),
  ruleId: Type.Optional(Uuid()),
});
export type CleaningRulePreviewBody = Static<typeof CleaningRulePreviewBody>;

/** cleaned is null for a link the storefront would drop (not http(s), resale marketplace). */
export const CleaningRulePreviewAnswer = Type.Object({
  original: Type.String(),
  cleaned: Type.Union([Type.String(), Type.Null()]),
});
export type CleaningRulePreviewAnswer = Static<typeof CleaningRulePreviewAnswer>;

export const CleaningRuleText = {
  domainRequired: 'Domain is required',
  urlRequired: 'URL is required',
  notFound: 'Rule not found',
  deleted: 'Rule deleted',
} as const;
