import { CANONICAL_UUID_KEYWORD, FINITE_NUMBER_KEYWORD } from '@celebstyle/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';

type Schema = { [key: string]: unknown };

const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/** Every place below `schema` a number or a UUID is declared, with its dotted path. */
function* declarations(schema: unknown, path: string): Generator<[string, Schema]> {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Schema;
  yield [path, node];
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  for (const [name, property] of Object.entries(properties)) yield* declarations(property, `${path}.${name}`);
  if (node.items) yield* declarations(node.items, `${path}[]`);
  for (const key of SUBSCHEMA_LISTS) {
    for (const part of (node[key] as unknown[] | undefined) ?? []) yield* declarations(part, path);
  }
}

const isNumber = (node: Schema) =>
  ([] as unknown[]).concat(node.type ?? []).some((type) => type === 'integer' || type === 'number');

function misdeclared(schema: { querystring?: unknown; params?: unknown; body?: unknown }): string[] {
  const wrong: string[] = [];
  for (const where of ['querystring', 'params', 'body'] as const) {
    for (const [path, node] of declarations(schema[where], where)) {
      // A number in a JSON body is a JSON number; in a query or a path it is coerced text.
      if (where !== 'body' && isNumber(node) && node[FINITE_NUMBER_KEYWORD] !== true) {
        wrong.push(`${path} with QueryInteger (or QueryNumber)`);
      }
      if (node.format === 'uuid' && node[CANONICAL_UUID_KEYWORD] !== true) wrong.push(`${path} with Uuid`);
    }
  }
  return wrong;
}

/**
 * Numbers in a query string or path are declared with the contracts' QueryInteger, and ids with
 * its Uuid: a route declaring one another way fails at start-up, so no route can forget the
 * finite check or the canonical id form.
 */
export function requireContractSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const wrong = misdeclared((route.schema ?? {}) as Parameters<typeof misdeclared>[0]);
    if (wrong.length > 0) {
      const methods = ([] as string[]).concat(route.method).join(',');
      throw new Error(`${methods} ${route.url}: declare ${wrong.join(', ')} from @celebstyle/contracts`);
    }
  });
}
