import { Type } from '@sinclair/typebox';

/**
 * The JSON Schema keyword service-kit's validator registers for ids: the value must be a UUID in
 * its 8-4-4-4-12 hexadecimal form, and is rewritten to lower case. PostgreSQL compares UUIDs
 * without regard to letter case, so code comparing ids as strings must only ever see one form.
 */
export const CANONICAL_UUID_KEYWORD = 'canonicalUuid';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one schema of an id, in a path, a query or a body: answered 400 unless a UUID, lower-cased. */
export const Uuid = () => Type.String({ format: 'uuid', [CANONICAL_UUID_KEYWORD]: true });

/** `{ id }` path parameters of every route that addresses one record by its UUID. */
export const IdParams = Type.Object({ id: Uuid() });

/** The canonical form of an id, for comparing ids that did not come through a schema. */
export const canonicalUuid = (id: string): string => id.toLowerCase();
