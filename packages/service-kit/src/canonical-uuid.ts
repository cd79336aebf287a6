import { CANONICAL_UUID_KEYWORD, UUID_PATTERN } from '@celebstyle/contracts';
import type { AjvPlugin } from './query-numbers.ts';

/** errors.ts words a failure of the keyword as '<field> must be a UUID'. */
export const NOT_UUID_MESSAGE = 'must be a UUID';

interface DataContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}

/**
 * Ajv plugin: ids are UUIDs in the 8-4-4-4-12 form and reach the handler in lower case, so an
 * upper-case id in a path cannot slip past a comparison such as "is this the signed-in admin?"
 * while PostgreSQL still finds the row.
 */
export const canonicalUuidKeyword: AjvPlugin = (ajv) => {
  const validate = (enabled: boolean, data: unknown, _schema: unknown, context?: DataContext): boolean => {
    if (!enabled) return true;
    if (typeof data !== 'string' || !UUID_PATTERN.test(data)) return false;
    if (context?.parentData && context.parentDataProperty !== undefined) {
      context.parentData[context.parentDataProperty] = data.toLowerCase();
    }
    return true;
  };
  ajv.addKeyword({
    keyword: CANONICAL_UUID_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    validate,
    errors: false,
  });
  return ajv;
};
