/**
 * `text` as a literal inside a LIKE / ILIKE pattern: PostgreSQL's default escape character is the
 * backslash, so `\`, `%` and `_` typed by a user match themselves instead of acting as wildcards.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A LIKE pattern matching any text that contains `text` literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
