import { FINITE_NUMBER_KEYWORD } from '@celebstyle/contracts';
import type { FastifyInstance, FastifyServerOptions, RouteOptions } from 'fastify';

/** errors.ts words a failure of the keyword as '<field> must be a finite integer'. */
export const NOT_FINITE_MESSAGE = 'must be a finite integer';

type AjvPluginEntry = NonNullable<NonNullable<FastifyServerOptions['ajv']>['plugins']>[number];
type AjvPlugin = Exclude<AjvPluginEntry, unknown[]>;

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

type Schema = { type?: unknown; properties?: Record<string, Schema>; [key: string]: unknown };

function unguardedNumbers(schema: Schema | undefined, where: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const types = ([] as unknown[]).concat(property.type ?? []);
    const numeric = types.includes('integer') || types.includes('number');
    if (numeric && property[FINITE_NUMBER_KEYWORD] !== true) found.push(`${where}.${name}`);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const part of (schema[key] as Schema[] | undefined) ?? [])
      found.push(...unguardedNumbers(part, where));
  }
  return found;
}

/**
 * Every number in a query string or path is declared with the contracts' QueryInteger: a route
 * that declares one another way fails at start-up, so no route can forget the finite check.
 */
export function requireQueryIntegers(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { querystring?: Schema; params?: Schema } | undefined;
    const wrong = [
      ...unguardedNumbers(schema?.querystring, 'querystring'),
      ...unguardedNumbers(schema?.params, 'params'),
    ];
    if (wrong.length > 0) {
      const methods = ([] as string[]).concat(route.method).join(',');
      throw new Error(
        `${methods} ${route.url}: declare ${wrong.join(', ')} with QueryInteger from @celebstyle/contracts`,
      );
    }
  });
}
