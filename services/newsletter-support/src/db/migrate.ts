import { migrateToLatest } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import { fileURLToPath } from 'node:url';

/**
 * The schema whose bookkeeping holds this service's migrations, and its pools' search_path. The
 * service owns three schemas (`newsletter`, `support`, `alerts`) migrated from one folder; every table names its
 * schema, so no query depends on search_path.
 */
export const schema = 'newsletter';
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Brings both schemas to the latest migration (docs/conventions.md, Service layout). The launcher,
 * the migrate command and tests call this.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Kysely instance will do
export async function migrate(db: Kysely<any>): Promise<void> {
  await migrateToLatest(db, { schema, folder: MIGRATIONS_FOLDER });
}
