import { migrateToLatest } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import { fileURLToPath } from 'node:url';

/** The schema this service owns: its migrations, their bookkeeping, and its pools' search_path. */
export const schema = 'catalog';
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Brings the catalog schema to the latest migration (docs/conventions.md, Service layout). The
 * launcher, the migrate command and tests call this.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Kysely instance will do
export async function migrate(db: Kysely<any>): Promise<void> {
  await migrateToLatest(db, { schema, folder: MIGRATIONS_FOLDER });
}
