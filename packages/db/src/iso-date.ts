/**
 * A timestamp read from PostgreSQL as the API answers it (ISO 8601, UTC). node-postgres gives a
 * Date, but a value that went through JSON or a raw query arrives as a string.
 */
export function isoDate(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** The same for a nullable column. */
export function isoDateOrNull(value: Date | string | null): string | null {
  return value === null ? null : isoDate(value);
}
