import { Readable } from 'node:stream';
import {
  AUDIT_CSV_COLUMNS,
  type AuditEntry,
  type AuditLogAnswer,
  type AuditLogQuery,
} from '@celebstyle/contracts';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { encodeCursor, parseAuditLogFilters, type AuditLogFilters } from './audit-log-filters.ts';
import { listAuditEntries, purgeAuditEntriesBefore, toAuditEntry } from './audit-log.repository.ts';

const EXPORT_BATCH = 1_000;
const DAY_MS = 24 * 3600 * 1000;

/** OWASP CSV injection: a cell a spreadsheet would read as a formula is made plain text. */
const plainCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function csvRecord(entry: AuditEntry): string[] {
  return [
    entry.occurredAt,
    entry.actor._id,
    entry.actor.username,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.targetLabel ?? '',
    JSON.stringify(entry.changes),
    entry.batchId ?? '',
    entry.service,
  ].map(plainCell);
}

/** The read side of the audit log: the list, the CSV export and the retention purge. */
export class AuditLogService {
  constructor(private readonly db: Kysely<Database>) {}

  async list(query: AuditLogQuery): Promise<AuditLogAnswer> {
    const filters = parseAuditLogFilters(query);
    // One row more than asked tells whether an older page exists.
    const rows = await listAuditEntries(this.db, filters, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      entries: page.map(toAuditEntry),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor(new Date(last.occurred_at), last.id) : null,
    };
  }

  /**
   * Every matching entry as CSV, newest first, read in keyset batches so the export holds one batch
   * in memory however long the log. Filters are checked before the first byte is sent.
   */
  exportCsv(query: Omit<AuditLogQuery, 'limit' | 'cursor'>): Readable {
    const filters = parseAuditLogFilters(query);
    const db = this.db;
    async function* records() {
      yield [...AUDIT_CSV_COLUMNS];
      let after: AuditLogFilters['after'];
      for (;;) {
        const rows = await listAuditEntries(db, { ...filters, after }, EXPORT_BATCH);
        for (const row of rows) yield csvRecord(toAuditEntry(row));
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) return;
        after = { occurredAt: new Date(last.occurred_at), id: last.id };
      }
    }
    return Readable.from(records()).pipe(stringify());
  }

  /** Drops entries older than `retentionDays` days; answers how many went. */
  async purge(retentionDays: number, now = new Date()): Promise<number> {
    return purgeAuditEntriesBefore(this.db, new Date(now.getTime() - retentionDays * DAY_MS));
  }
}
