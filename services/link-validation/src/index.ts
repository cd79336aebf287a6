/** What the launcher (deploy/) and tests use from this service. */
export { migrate, schema } from './db/migrate.ts';
export { buildApp } from './app.ts';
export type { Database } from './db/database.ts';
