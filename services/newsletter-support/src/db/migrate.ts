import { migrateToLatest } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Migrates both schemas of this service (`newsletter`, `support`) from one folder; the migration
 * bookkeeping lives in `newsletter`. The launcher calls this before starting the service.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Kysely (the launcher's, ours)
export async function migrate(db: Kysely<any>): Promise<void> {
  await migrateToLatest(db, { schema: 'newsletter', folder: MIGRATIONS_FOLDER });
}
