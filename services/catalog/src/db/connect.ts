import { databaseConnector } from '@celebstyle/db';
import { schema } from './migrate.ts';
import type { Database } from './database.ts';

/** How every catalog process opens the database: search_path its own schema (then public, for pg_trgm). */
export const connectDb = databaseConnector<Database>(schema, 'catalog');
