import { createDb } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import { schema } from './migrate.ts';
import type { Database } from './database.ts';

/** A pool whose search_path is the link_validation schema (then public): how every link-validation process opens the database. */
export function connectDb(
  connectionString: string,
  options: { max?: number; applicationName?: string } = {},
): Kysely<Database> {
  return createDb<Database>({
    connectionString,
    schema,
    max: options.max,
    applicationName: options.applicationName ?? 'link-validation',
  });
}
