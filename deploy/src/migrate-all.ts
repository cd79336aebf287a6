import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isServiceMigration, migrateService } from '@celebstyle/db';
import type { LogSink } from './child-process.ts';
import { MIGRATION_ORDER } from './process-table.ts';
import { REPO_ROOT } from './paths.ts';

/** Every service's migration module (docs/conventions.md, Service layout: `{ schema, migrate }`). */
export const MIGRATION_MODULE = 'src/db/migrate.ts';

/** The services that exist now (services/<name>/src/db/migrate.ts), in the order they migrate. */
export function discoverServices(servicesRoot = path.join(REPO_ROOT, 'services')): string[] {
  return MIGRATION_ORDER.filter((name) => existsSync(path.join(servicesRoot, name, MIGRATION_MODULE)));
}

export interface MigrateAllOptions {
  /** Folder of the service workspaces (default: the repository's `services/`); tests point it elsewhere. */
  servicesRoot?: string;
  /** The services to migrate, in order (default: every one of discoverServices()). */
  services?: string[];
}

/**
 * Migrates every service, one after the other (a first run may create shared extensions), in this
 * process: each service's `src/db/migrate.ts` is imported and its `migrate(db)` run on a pool whose
 * search_path is its `schema`, exactly as its own migrate command does. The first failure stops the
 * run and is thrown with the service's name; a module that does not keep the contract is a failure.
 */
export async function migrateAll(
  databaseUrl: string,
  log: LogSink,
  options: MigrateAllOptions = {},
): Promise<string[]> {
  const servicesRoot = options.servicesRoot ?? path.join(REPO_ROOT, 'services');
  const migrated: string[] = [];
  for (const service of options.services ?? discoverServices(servicesRoot)) {
    const started = Date.now();
    const file = path.join(servicesRoot, service, MIGRATION_MODULE);
    const migration: unknown = await import(pathToFileURL(file).href).catch((error: Error) => {
      throw new Error(`${service}: cannot load ${MIGRATION_MODULE}: ${error.message}`, { cause: error });
    });
    if (!isServiceMigration(migration))
      throw new Error(`${service}: ${MIGRATION_MODULE} must export schema (a string) and migrate(db)`);
    await migrateService(service, databaseUrl, migration);
    migrated.push(service);
    log(`migrate   | ${service} up to date (${Date.now() - started} ms)`);
  }
  return migrated;
}
