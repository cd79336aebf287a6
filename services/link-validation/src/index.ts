/** What the launcher (deploy/) and tests use from this service. */
export { migrate, LINK_VALIDATION_SCHEMA } from './db/run-migrations.ts';
export { buildApp, type AppDeps } from './app.ts';
export type { Database } from './db/database.ts';
