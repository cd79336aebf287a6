import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '@celebstyle/db';

export const ACCOUNTS_SCHEMA = 'accounts';
const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Brings the accounts schema up to date; the launcher and the migrate command call this. */
export async function migrate<DB>(db: Kysely<DB>): Promise<void> {
  await migrateToLatest(db as unknown as Kysely<unknown>, {
    schema: ACCOUNTS_SCHEMA,
    folder: MIGRATIONS_FOLDER,
  });
}
