import { UUID_PATTERN, type AuditLogQuery } from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';

export interface AuditLogFilters {
  actorId?: string;
  actorUsername?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Inclusive lower and exclusive upper bound of occurred_at. */
  from?: Date;
  until?: Date;
  /** The last entry of the previous page: the next page is what is older. */
  after?: { occurredAt: Date; id: string };
}

const DAY_MS = 24 * 3600 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
/** Years PostgreSQL and every reader of the log agree on (year 0 is no year to PostgreSQL). */
const inRange = (at: Date) => at.getUTCFullYear() >= 1 && at.getUTCFullYear() <= 9999;

/** A date (a whole UTC day) or an ISO 8601 date-time with its zone; else 400 naming the field. */
function parseDate(field: string, value: string | undefined): { at: Date; wholeDay: boolean } | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  const wholeDay = DATE_ONLY.test(text);
  const at = new Date(wholeDay ? `${text}T00:00:00.000Z` : text);
  if ((!wholeDay && !DATE_TIME.test(text)) || Number.isNaN(at.getTime()) || !inRange(at)) {
    throw badRequest(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`);
  }
  if (wholeDay && at.toISOString().slice(0, 10) !== text) {
    throw badRequest(`${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`);
  }
  return { at, wholeDay };
}

export function encodeCursor(occurredAt: Date, id: string): string {
  return Buffer.from(`${occurredAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): AuditLogFilters['after'] {
  if (cursor === undefined) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const occurredAt = new Date(at ?? '');
  if (!id || !UUID_PATTERN.test(id) || Number.isNaN(occurredAt.getTime()) || !inRange(occurredAt)) {
    throw badRequest('cursor is not one this list gave out');
  }
  return { occurredAt, id };
}

/** The query of GET /api/admin/audit-log as conditions; a bad value is a 400 naming its field. */
export function parseAuditLogFilters(query: Omit<AuditLogQuery, 'limit'>): AuditLogFilters {
  const from = parseDate('from', query.from);
  const to = parseDate('to', query.to);
  const until = to && new Date(to.at.getTime() + (to.wholeDay ? DAY_MS : 1));
  if (from && until && from.at >= until) throw badRequest('from must not be later than to');
  const actor = query.actor?.trim();
  return {
    ...(actor && UUID_PATTERN.test(actor) ? { actorId: actor.toLowerCase() } : {}),
    ...(actor && !UUID_PATTERN.test(actor) ? { actorUsername: actor } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.targetType ? { targetType: query.targetType } : {}),
    ...(query.targetId?.trim() ? { targetId: query.targetId.trim() } : {}),
    ...(from ? { from: from.at } : {}),
    ...(until ? { until } : {}),
    ...(query.cursor !== undefined ? { after: decodeCursor(query.cursor) } : {}),
  };
}
