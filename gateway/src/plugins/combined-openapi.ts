import { ADMIN_API_PREFIX, UPSTREAM_NAMES, UPSTREAM_SERVICES, type UpstreamName } from '../route-table.ts';
import { withGatewayRules } from './gateway-operations.ts';

/** The part of an OpenAPI document the combination reads. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

/** A path the gateway sends to `service`: under one of its prefixes in the route table. */
function routedTo(service: UpstreamName, path: string): boolean {
  return UPSTREAM_SERVICES[service].prefixes.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
}

/**
 * Renames the component schemas of a document named in `names` under the service's name: those two
 * services define differently. A shared contracts schema (ErrorBody, PublicPost...) is the same in
 * every document and stays one component under its own name.
 */
function withPrefixedComponents(
  service: string,
  document: OpenApiDocument,
  names: Set<string>,
): OpenApiDocument {
  const schemas = document.components?.schemas ?? {};
  if (!Object.keys(schemas).some((name) => names.has(name))) return document;
  const renamed = (name: string) => (names.has(name) ? `${service}.${name}` : name);
  const text = JSON.stringify(document).replace(
    /"#\/components\/schemas\/([^"]+)"/g,
    (_match, name: string) => `"#/components/schemas/${renamed(name)}"`,
  );
  const prefixed = JSON.parse(text) as OpenApiDocument;
  prefixed.components = {
    ...prefixed.components,
    schemas: Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [renamed(name), schema])),
  };
  return prefixed;
}

/** Component names that documents define differently (the gateway's own document among them). */
function collidingNames(documents: OpenApiDocument[]): Set<string> {
  const seen = new Map<string, string>();
  const colliding = new Set<string>();
  for (const document of documents) {
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const text = JSON.stringify(schema);
      if (seen.has(name) && seen.get(name) !== text) colliding.add(name);
      seen.set(name, text);
    }
  }
  return colliding;
}

/**
 * One document for the whole API as the browser sees it: the gateway's own routes, then each
 * service's routes that the gateway sends to it. A service that did not answer is named in the
 * description, and its routes are missing until it answers. The gateway's own rules (admin token,
 * rate limit) are added to every operation (gateway-operations.ts).
 */
export function combineDocuments(
  gateway: OpenApiDocument,
  services: Partial<Record<UpstreamName, OpenApiDocument | null>>,
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = { ...gateway.paths };
  const schemas: Record<string, unknown> = { ...gateway.components?.schemas };
  const tags = [...(gateway.tags ?? [])];
  const missing = UPSTREAM_NAMES.filter((service) => !services[service]);
  const colliding = collidingNames([
    gateway,
    ...UPSTREAM_NAMES.flatMap((service) => services[service] ?? []),
  ]);
  for (const service of UPSTREAM_NAMES) {
    const found = services[service];
    if (!found) continue;
    const document = withPrefixedComponents(service, found, colliding);
    for (const [path, operations] of Object.entries(document.paths ?? {}))
      if (routedTo(service, path)) paths[path] = operations;
    Object.assign(schemas, document.components?.schemas);
    for (const tag of document.tags ?? []) if (!tags.some((t) => t.name === tag.name)) tags.push(tag);
  }
  const description = [
    'Every route of the CelebStyle API, as the gateway answers it under /api.',
    ...(missing.length > 0
      ? [`Not shown: the ${missing.join(', ')} service did not answer; reload later.`]
      : []),
  ].join(' ');
  return withGatewayRules({
    ...gateway,
    info: { title: 'CelebStyle API', version: gateway.info.version, description },
    tags,
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: { ...gateway.components, schemas },
  });
}

const SCHEMA_REF = /"#\/components\/schemas\/([^"]+)"/g;

/** The component schemas `value` refers to, directly or through other schemas. */
function referencedSchemas(value: unknown, schemas: Record<string, unknown>): Set<string> {
  const found = new Set<string>();
  const pending = [JSON.stringify(value)];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(SCHEMA_REF)) {
      if (found.has(name!) || !(name! in schemas)) continue;
      found.add(name!);
      pending.push(JSON.stringify(schemas[name!]));
    }
  }
  return found;
}

/**
 * The document without the admin API (every path under /api/admin), and without the schemas, tags
 * and security scheme only admin operations used: what anyone may read about the API.
 */
export function withoutAdminRoutes(document: OpenApiDocument): OpenApiDocument {
  const isAdmin = (path: string) => path === ADMIN_API_PREFIX || path.startsWith(`${ADMIN_API_PREFIX}/`);
  const paths = Object.fromEntries(Object.entries(document.paths ?? {}).filter(([path]) => !isAdmin(path)));
  const schemas = document.components?.schemas ?? {};
  const kept = referencedSchemas(paths, schemas);
  const usedTags = new Set(
    Object.values(paths).flatMap((operations) =>
      Object.values(operations).flatMap((operation) => (operation as { tags?: string[] }).tags ?? []),
    ),
  );
  const { securitySchemes, ...components } = document.components ?? {};
  const tokenUsed = JSON.stringify(paths).includes('"bearerAuth"');
  return {
    ...document,
    tags: (document.tags ?? []).filter((tag) => usedTags.has(tag.name)),
    paths,
    components: {
      ...components,
      ...(tokenUsed ? { securitySchemes } : {}),
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name))),
    },
  };
}
