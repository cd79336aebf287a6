import { databaseConnector } from '@celebstyle/db';
import { schema } from './migrate.ts';
import type { Database } from './database.ts';

/** How every newsletter-support process opens the database: search_path its own schema. */
export const connectDb = databaseConnector<Database>(schema, 'newsletter-support');
