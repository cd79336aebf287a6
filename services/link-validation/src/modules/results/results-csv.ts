import { stringify, type Stringifier } from 'csv-stringify';
import { Readable } from 'node:stream';
import { confidencePercent } from './result-row.ts';
import type { ResultRow } from './results.repository.ts';

/** The CSV columns: §3 field names, in the order of the details dialog (§2.3). */
const COLUMNS: [header: string, value: (row: ResultRow) => string | number | null][] = [
  ['postId', (r) => r.post_id],
  ['postTitle', (r) => r.title],
  ['postPlatform', (r) => r.platform],
  ['postStatus', (r) => r.status],
  ['postCreated', (r) => r.post_created_at.toISOString()],
  ['celebrity', (r) => r.celebrity],
  ['show', (r) => r.show],
  ['brand', (r) => r.brand],
  ['productType', (r) => r.product_type],
  ['linkIndex', (r) => r.link_index],
  ['linkStatus', (r) => r.link_status],
  ['retailer', (r) => r.retailer],
  ['confidence', (r) => `${confidencePercent(r.confidence)}%`],
  ['lastChecked', (r) => r.last_checked?.toISOString() ?? null],
  ['httpStatus', (r) => r.http_status],
  ['stockStatus', (r) => r.stock_status],
  ['price', (r) => r.price],
  ['currency', (r) => r.currency],
  ['responseTime', (r) => r.response_time],
  ['validationCount', (r) => r.validation_count],
  ['nextCheckDate', (r) => r.next_check_at?.toISOString() ?? null],
  ['recommendation', (r) => r.recommendation],
  ['errorMessage', (r) => r.error_message],
  ['linkText', (r) => r.link_text],
  ['originalUrl', (r) => r.original_url],
  ['cleanUrl', (r) => r.clean_url],
  ['realUrl', (r) => r.final_url ?? r.catalog_real_url],
  ['statusChangedBy', (r) => r.status_changed_by],
  ['statusChangedAt', (r) => r.status_changed_at?.toISOString() ?? null],
  ['statusNotes', (r) => r.status_notes],
];

/**
 * OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @ (or a tab or carriage
 * return before one) as a formula. Such text cells get a leading apostrophe, which shows the text
 * as typed. Numbers are written as numbers.
 */
export const guardFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The CSV file name of an export made at `now` (§7: link-validation-{date}.csv, UTC date). */
export const exportFileName = (now: Date) => `link-validation-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Rows as an RFC 4180 CSV stream (CRLF, quotes doubled, fields with commas, quotes or line breaks
 * quoted) with a UTF-8 byte order mark so spreadsheet programs read accents right.
 */
export function resultsCsv(rows: Iterable<ResultRow>): Stringifier {
  const csv = stringify({
    bom: true,
    header: true,
    columns: COLUMNS.map(([header]) => header),
    record_delimiter: 'windows',
    cast: { string: guardFormula },
  });
  Readable.from(
    (function* () {
      for (const row of rows) yield COLUMNS.map(([, value]) => value(row));
    })(),
  ).pipe(csv);
  return csv;
}
