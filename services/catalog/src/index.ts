// What other workspaces (the gateway's tests, the launcher, the benchmark) may call.
export { buildApp } from './app.ts';
export { migrate } from './db/migrate.ts';
export { connectDb } from './db/connect.ts';
export { seed } from './seed/seed-catalog.ts';
/** @public The launcher imports this by path (deploy/src/seed-catalog.ts), so no import names it. */
export { isCatalogEmpty } from './seed/seed-catalog.ts';
/** @public The benchmark imports this by path (deploy/bench/cold-paths.ts), so no import names it. */
export { bumpCatalogVersion } from './lib/catalog-version.ts';
