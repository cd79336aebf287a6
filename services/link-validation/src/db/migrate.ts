import { migrateToLatest } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import { fileURLToPath } from 'node:url';

/** The schema this service owns; the launcher (deploy/src/migrate-all.ts) finds `*_SCHEMA` exports. */
export const LINK_VALIDATION_SCHEMA = 'link_validation';
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Brings the link_validation schema up to date; the launcher and the migrate command call this. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's Kysely (the launcher's, ours)
export async function migrate(db: Kysely<any>): Promise<void> {
  await migrateToLatest(db, { schema: LINK_VALIDATION_SCHEMA, folder: MIGRATIONS_FOLDER });
}
