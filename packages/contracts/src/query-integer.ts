import { Type } from '@sinclair/typebox';

/**
 * The JSON Schema keyword service-kit's validator registers for query numbers. A query value
 * arrives as text and is coerced to a number, and the coercion turns `Infinity`, `-Infinity`,
 * `1e400` and `-1e400` into non-finite numbers that the bounds checks then skip; this keyword
 * refuses them.
 */
export const FINITE_NUMBER_KEYWORD = 'finiteNumber';

export interface QueryIntegerOptions {
  minimum: number;
  maximum: number;
  default?: number;
  description?: string;
}

/**
 * The one schema of a number in a query string or path: a finite integer within both bounds, else
 * 400 naming the field. service-kit refuses to register a route whose query or path holds any
 * other number schema.
 */
export const QueryInteger = (options: QueryIntegerOptions) =>
  Type.Integer({ ...options, [FINITE_NUMBER_KEYWORD]: true });

/**
 * A fraction or other non-integer number in a query string (a confidence of 0.8): finite and within
 * both bounds, else 400 naming the field. Use QueryInteger for counts, pages and limits.
 */
export const QueryNumber = (options: QueryIntegerOptions) =>
  Type.Number({ ...options, [FINITE_NUMBER_KEYWORD]: true });

/** The page of a paged list: bounded so that no caller can ask for a scan. */
export const QueryPage = () => QueryInteger({ minimum: 1, maximum: 100_000, default: 1 });
