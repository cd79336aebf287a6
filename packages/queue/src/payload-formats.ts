import { UUID_PATTERN } from '@celebstyle/contracts';
import { FormatRegistry, Type } from '@sinclair/typebox';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * TypeBox checks a `format` only when it is registered. Payloads use two, as contracts' AuditEntry
 * declares them (Fastify's validator knows them; a queue consumer checks with TypeBox).
 * Registering is idempotent, so any package may import this.
 */
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (value) => UUID_PATTERN.test(value));
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));

/** An id in a payload: a UUID. */
export const PayloadId = Type.String({ format: 'uuid' });

/** A moment in a payload: an ISO 8601 date-time (what `Date#toISOString` writes). */
export const PayloadTime = Type.String({ format: 'date-time' });
