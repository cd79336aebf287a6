/** What the launcher (deploy/) and tests use from this service. */
export { migrate, schema } from './db/migrate.ts';
export { buildApp, type AppDeps } from './app.ts';
export type { Database } from './db/database.ts';
