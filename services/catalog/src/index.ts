// What other workspaces (the launcher, the benchmark) may call.
export { buildApp, type AppDeps } from './app.ts';
export { migrate, schema } from './db/migrate.ts';
export { connectDb } from './db/connect.ts';
export type { Database } from './db/database.ts';
export {
  seed,
  isCatalogEmpty,
  DEFAULT_SEED,
  DEFAULT_SEED_POSTS,
  DEFAULT_REFERENCE_DATE,
  type SeedOptions,
  type SeedResult,
} from './seed/seed-catalog.ts';
export { bumpCatalogVersion } from './lib/catalog-version.ts';
