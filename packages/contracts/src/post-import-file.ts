import { POST_IMPORT_MAX_ROWS } from './post-import.ts';

/** The most posts one import takes (its body limit in route-limits.ts is sized for them). */
export const MAX_IMPORT_ROWS = POST_IMPORT_MAX_ROWS;

/** One entry of an import file: its 1-based row number and the parsed value, or why it did not parse. */
export type ImportEntry = { row: number; value: unknown } | { row: number; error: string };

export class ImportFileError extends Error {}

/**
 * Reads an import file: a JSON array of posts, or NDJSON (one post per line; blank lines are
 * ignored and a line that is not JSON is reported against its row, the others still import).
 */
export function parseImportText(text: string): ImportEntry[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new ImportFileError('The file is not valid JSON');
    }
    return importEntries(parsed);
  }
  const entries: ImportEntry[] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    try {
      entries.push({ row: index + 1, value: JSON.parse(line) });
    } catch {
      entries.push({ row: index + 1, error: 'not valid JSON' });
    }
  }
  return entries;
}

/** The entries of an already parsed JSON body, which must be an array. */
export function importEntries(parsed: unknown): ImportEntry[] {
  if (!Array.isArray(parsed)) throw new ImportFileError('Expected a JSON array of posts, or NDJSON');
  return parsed.map((value, index) => ({ row: index + 1, value }));
}
