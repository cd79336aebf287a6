import { FINITE_NUMBER_KEYWORD } from '@celebstyle/contracts';
import type { FastifyServerOptions } from 'fastify';

/** errors.ts words a failure of the keyword as '<field> must be a finite integer'. */
export const NOT_FINITE_MESSAGE = 'must be a finite integer';

type AjvPluginEntry = NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number];
export type AjvPlugin = Exclude<AjvPluginEntry, unknown[]>;

/**
 * Ajv plugin: the validator's number coercion turns the query text `Infinity` or `1e400` into a
 * non-finite number, and Ajv's minimum and maximum checks skip non-finite numbers, so the value
 * reached the handler (500, or a limit past its maximum). The contracts' QueryInteger carries this
 * keyword, which refuses them.
 */
export const finiteNumberKeyword: AjvPlugin = (ajv) => {
  const validate = (enabled: boolean, data: unknown): boolean =>
    !enabled || (typeof data === 'number' && Number.isFinite(data));
  // No `type: 'number'`: Ajv runs number keywords only for finite numbers, which would skip this one.
  ajv.addKeyword({ keyword: FINITE_NUMBER_KEYWORD, schemaType: 'boolean', validate, errors: false });
  return ajv;
};
