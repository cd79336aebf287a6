import { Type, type Static } from '@sinclair/typebox';
import { QueryInteger, QueryPage } from './query-integer.ts';

/** storefront.md §9 Support categories, in the spec's order (the first 5 also set the category, §5). */
export const SUPPORT_SUBJECTS = [
  'Style Inquiry',
  'Featured Item Question',
  'Celebrity Style Suggestion',
  'Partnership Inquiry',
  'Technical Issue',
  'Advertising Inquiry',
  'Feedback',
  'Other',
] as const;
export type SupportSubject = (typeof SUPPORT_SUBJECTS)[number];
export const DEFAULT_SUPPORT_CATEGORY: SupportSubject = 'Other';
/** storefront.md §5: a subject among the first 5 is also the category; anything else is Other. */
export const CATEGORY_SETTING_SUBJECTS: readonly SupportSubject[] = SUPPORT_SUBJECTS.slice(0, 5);

export const SUPPORT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];
export const SUPPORT_STATUSES = ['unread', 'in-progress', 'resolved', 'archived'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

/** Field limits, enforced by the service and mirrored by the form. */
export const SupportLimits = {
  nameMax: 100,
  emailMax: 254,
  messageMax: 5000,
  responseMax: 10000,
} as const;

/**
 * storefront.md §7: POST /api/support. Types only here; the service checks content and answers
 * with readable messages. `website` is the honeypot people never fill.
 */
export const SupportCreateBody = Type.Object({
  name: Type.String({ maxLength: 10_000 }),
  email: Type.String({ maxLength: 10_000 }),
  subject: Type.String({ maxLength: 10_000 }),
  category: Type.Optional(Type.String({ maxLength: 10_000 })),
  message: Type.String({ maxLength: 100_000 }),
  website: Type.Optional(Type.String({ maxLength: 10_000 })),
});
export type SupportCreateBody = Static<typeof SupportCreateBody>;

export const SupportCreateAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: Type.Object({ requestId: Type.String() }),
});
export type SupportCreateAnswer = Static<typeof SupportCreateAnswer>;

export const SupportPriority = Type.Union([
  Type.Literal('low'),
  Type.Literal('medium'),
  Type.Literal('high'),
  Type.Literal('urgent'),
]);
export const SupportStatus = Type.Union([
  Type.Literal('unread'),
  Type.Literal('in-progress'),
  Type.Literal('resolved'),
  Type.Literal('archived'),
]);

/** admin.md §3 Support request. */
export const SupportRequest = Type.Object({
  _id: Type.String(),
  requestId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  category: Type.String(),
  message: Type.String(),
  priority: SupportPriority,
  status: SupportStatus,
  createdAt: Type.String(),
  updatedAt: Type.String(),
  response: Type.Union([Type.Object({ text: Type.String(), sentAt: Type.String() }), Type.Null()]),
});
export type SupportRequest = Static<typeof SupportRequest>;

/** admin.md §7: status and priority are sent unless 'all'; search (free text) goes beyond the spec. */
export const SupportListQuery = Type.Object({
  page: QueryPage(),
  limit: QueryInteger({ minimum: 1, maximum: 100, default: 10 }),
  status: Type.Optional(Type.Union([SupportStatus, Type.Literal('all')])),
  priority: Type.Optional(Type.Union([SupportPriority, Type.Literal('all')])),
  search: Type.Optional(Type.String({ maxLength: 200 })),
});
export type SupportListQuery = Static<typeof SupportListQuery>;

export const SupportPagination = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});
export type SupportPagination = Static<typeof SupportPagination>;

export const SupportListAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Array(SupportRequest),
  pagination: SupportPagination,
  message: Type.String(),
});
export type SupportListAnswer = Static<typeof SupportListAnswer>;

export const SupportStats = Type.Object({
  total: Type.Integer(),
  unread: Type.Integer(),
  inProgress: Type.Integer(),
  resolved: Type.Integer(),
  archived: Type.Integer(),
  urgent: Type.Integer(),
});
export type SupportStats = Static<typeof SupportStats>;

export const SupportStatsAnswer = Type.Object({ success: Type.Boolean(), data: SupportStats });
export type SupportStatsAnswer = Static<typeof SupportStatsAnswer>;

export const SupportRequestAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: SupportRequest,
});
export type SupportRequestAnswer = Static<typeof SupportRequestAnswer>;

export const SupportStatusBody = Type.Object({ status: SupportStatus });
export type SupportStatusBody = Static<typeof SupportStatusBody>;

export const SupportRespondBody = Type.Object({ responseText: Type.String({ maxLength: 100_000 }) });
export type SupportRespondBody = Static<typeof SupportRespondBody>;

export const SupportText = {
  received: "Thank you! Your message has been received. We'll get back to you as soon as possible.",
} as const;

export const SupportErrorCode = {
  alreadyResponded: 'SUPPORT_ALREADY_RESPONDED',
} as const;
