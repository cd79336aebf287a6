import { createDb } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import { CATALOG_SCHEMA } from './migrate-to-latest.ts';
import type { CatalogDatabase } from './schema.ts';

/** A pool whose search_path is the catalog schema (then public, for pg_trgm). */
export function connectCatalogDb(
  connectionString: string,
  options: { max?: number; applicationName?: string } = {},
): Kysely<CatalogDatabase> {
  return createDb<CatalogDatabase>({
    connectionString,
    schema: CATALOG_SCHEMA,
    max: options.max,
    applicationName: options.applicationName ?? 'catalog',
  });
}
