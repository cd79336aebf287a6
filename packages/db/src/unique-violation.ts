/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` is PostgreSQL refusing a row because it repeats a unique value; with
 * `constraint`, only a refusal by that constraint (a table may have several unique columns, each
 * answered with its own message).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown } | null;
  if (pgError?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || pgError.constraint === constraint;
}
