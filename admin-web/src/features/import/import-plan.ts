import {
  checkImportEntries,
  ImportFileError,
  MAX_IMPORT_ROWS,
  parseImportText,
  type ImportEntry,
  type SkippedImportRow,
} from '@celebstyle/contracts';
import { ImportTexts, type PostImportAnswer } from './api/import-api.ts';

/** One row of the file as the preview shows it: what it holds and whether it will import. */
export interface PreviewRow {
  row: number;
  url: string | null;
  title: string | null;
  celebrity: string | null;
  platform: string | null;
  /** Null when the row is ready to import; else why it will be skipped. */
  problem: string | null;
}

/** A file read and checked with the catalog's own rules (contracts' post-import-row.ts). */
export interface ImportPlan {
  rows: number;
  /** The rows to send, each with its row number in the file and its value as the file has it. */
  ready: { row: number; value: unknown }[];
  /** Rows left out before sending, with the reason. */
  skipped: SkippedImportRow[];
  preview: PreviewRow[];
}

const field = (value: unknown, name: string): string | null => {
  const v = (value as Record<string, unknown> | null)?.[name];
  return typeof v === 'string' ? v : null;
};

/** Reads a JSON array or NDJSON file; throws an Error whose message says what is wrong with it. */
export function planImport(text: string, previewRows: number): ImportPlan {
  let entries: ImportEntry[];
  try {
    entries = parseImportText(text);
  } catch (error) {
    throw error instanceof ImportFileError ? error : new Error(ImportTexts.unreadable);
  }
  if (entries.length === 0) throw new Error(ImportTexts.noPosts);
  if (entries.length > MAX_IMPORT_ROWS) throw new Error(ImportTexts.tooMany(MAX_IMPORT_ROWS));
  const { valid, skipped } = checkImportEntries(entries);
  const readyRows = new Set(valid.map((v) => v.row));
  const problems = new Map(skipped.map((s) => [s.row, s.reason]));
  const ready = entries.flatMap((e) => ('value' in e && readyRows.has(e.row) ? [e] : []));
  const preview = entries.slice(0, previewRows).map((entry) => {
    const value = 'value' in entry ? entry.value : null;
    return {
      row: entry.row,
      url: field(value, 'url'),
      title: field(value, 'title'),
      celebrity: field(value, 'celebrity'),
      platform: field(value, 'platform'),
      problem: problems.get(entry.row) ?? null,
    };
  });
  return { rows: entries.length, ready, skipped, preview };
}

/** The import's counts so far: the catalog's answers added up, with the rows skipped here. */
export interface ImportTally {
  created: number;
  updated: number;
  unchanged: number;
  skippedRows: SkippedImportRow[];
  /** Rows sent so far (progress). */
  sent: number;
}

export const emptyTally = (plan: ImportPlan): ImportTally => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  skippedRows: [...plan.skipped],
  sent: 0,
});

/**
 * Adds one call's answer: its skipped rows are numbered within the call, so they are given back
 * their row number in the file.
 */
export function addAnswer(
  tally: ImportTally,
  batch: readonly { row: number }[],
  answer: PostImportAnswer,
): ImportTally {
  return {
    created: tally.created + answer.created,
    updated: tally.updated + answer.updated,
    unchanged: tally.unchanged + answer.unchanged,
    skippedRows: [
      ...tally.skippedRows,
      ...answer.skippedRows.map((s) => ({ ...s, row: batch[s.row - 1]?.row ?? s.row })),
    ].sort((a, b) => a.row - b.row),
    sent: tally.sent + batch.length,
  };
}
