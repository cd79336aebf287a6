import { migrateToLatest } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CATALOG_SCHEMA = 'catalog';
const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Brings the `catalog` schema to the latest migration. The launcher and tests call this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Kysely instance will do
export async function migrate(db: Kysely<any>): Promise<void> {
  await migrateToLatest(db as Kysely<unknown>, { schema: CATALOG_SCHEMA, folder: MIGRATIONS_FOLDER });
}
