import { Type, type Static } from '@sinclair/typebox';
import { QueryInteger } from './query-integer.ts';
import { Uuid } from './uuid.ts';

/**
 * Every admin write the audit log records, by the service that owns it. Names are
 * `<target>.<verb>`; a bulk action records one entry per post it changed, sharing a batchId.
 */
export const AUDIT_ACTIONS = [
  'post.approve',
  'post.reject',
  'post.hide',
  'post.unhide',
  'post.requeue',
  'post.delete',
  'post.update',
  'posts.import',
  'celebrity.update',
  'celebrity.delete',
  'show.update',
  'show.delete',
  'link.status-override',
  'url-cleaning-rule.create',
  'url-cleaning-rule.update',
  'url-cleaning-rule.delete',
  'support-request.update',
  'support-request.respond',
  'admin.create',
  'admin.update',
  'admin.activate',
  'admin.deactivate',
  'admin.delete',
  'admin.reset-password',
  'admin.change-password',
  'auth.sign-in',
  'auth.sign-out',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'post',
  'import',
  'celebrity',
  'show',
  'link',
  'url-cleaning-rule',
  'support-request',
  'admin',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

const literals = <T extends readonly string[]>(values: T) => values.map((value) => Type.Literal(value));
export const AuditActionSchema = Type.Union(literals(AUDIT_ACTIONS));
export const AuditTargetTypeSchema = Type.Union(literals(AUDIT_TARGET_TYPES));

/** One changed field: its value before and after the write (null where it did not exist). */
export const AuditChange = Type.Object(
  { field: Type.String(), before: Type.Unknown(), after: Type.Unknown() },
  { additionalProperties: false },
);
export type AuditChange = Static<typeof AuditChange>;

/** One audit entry, as the owning service records it and the audit-log API answers it. */
export const AuditEntry = Type.Object(
  {
    _id: Type.String({ format: 'uuid' }),
    occurredAt: Type.String({ format: 'date-time' }),
    actor: Type.Object({ _id: Type.String(), username: Type.String() }, { additionalProperties: false }),
    action: AuditActionSchema,
    targetType: AuditTargetTypeSchema,
    targetId: Type.String(),
    /** A readable name of the target when it was written (a post's title, a username). */
    targetLabel: Type.Union([Type.String(), Type.Null()]),
    changes: Type.Array(AuditChange),
    /** Entries written by one bulk call share it; null for a single write. */
    batchId: Type.Union([Type.String(), Type.Null()]),
    /** The service that made the change. */
    service: Type.String(),
  },
  { additionalProperties: false, $id: 'AuditEntry' },
);
/** The schema's type, with action and target type as their literal unions. */
export type AuditEntry = Omit<Static<typeof AuditEntry>, 'action' | 'targetType'> & {
  action: AuditAction;
  targetType: AuditTargetType;
};

export const AUDIT_LOG_DEFAULT_LIMIT = 50;
export const AUDIT_LOG_MAX_LIMIT = 200;
/** Retention default: entries older than this many days are purged by accounts' worker. */
export const AUDIT_RETENTION_DEFAULT_DAYS = 400;

/**
 * GET /api/admin/audit-log filters. actor is an admin id or a username; from and to are a date
 * (YYYY-MM-DD, whole UTC day, both inclusive) or an ISO 8601 date-time. Newest first, paged by
 * the opaque cursor of the previous page's nextCursor.
 */
export const AuditLogQuery = Type.Object(
  {
    actor: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    action: Type.Optional(AuditActionSchema),
    targetType: Type.Optional(AuditTargetTypeSchema),
    targetId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    from: Type.Optional(Type.String({ maxLength: 40 })),
    to: Type.Optional(Type.String({ maxLength: 40 })),
    cursor: Type.Optional(Type.String({ maxLength: 200 })),
    limit: QueryInteger({ minimum: 1, maximum: AUDIT_LOG_MAX_LIMIT, default: AUDIT_LOG_DEFAULT_LIMIT }),
  },
  { additionalProperties: false },
);
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditLogAnswer = Type.Object(
  {
    entries: Type.Array(Type.Ref('AuditEntry')),
    /** Pass as cursor for the next (older) page; null on the last page. */
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'AuditLogAnswer' },
);
export interface AuditLogAnswer {
  entries: AuditEntry[];
  nextCursor: string | null;
}

export const AuditEntryIdParams = Type.Object({ id: Uuid() });

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'occurredAt',
  'actorId',
  'actorUsername',
  'action',
  'targetType',
  'targetId',
  'targetLabel',
  'changes',
  'batchId',
  'service',
] as const;

/** Who made a change, as every service reads it from the verified access token. */
export interface AuditActor {
  id: string;
  username: string;
}

/** What a service hands its audit outbox: everything but the id and time, which the writer sets. */
export type AuditEventInput = Omit<AuditEntry, '_id' | 'occurredAt' | 'service' | 'batchId'> & {
  batchId?: string | null;
};

/**
 * The fields whose value differs between two snapshots, in the order of `fields`. Values compare
 * by their JSON form, so arrays and dates compare by content.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields: readonly string[],
): AuditChange[] {
  const normal = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const was = normal(before?.[field]);
    const is = normal(after?.[field]);
    if (JSON.stringify(was) !== JSON.stringify(is)) changes.push({ field, before: was, after: is });
  }
  return changes;
}
