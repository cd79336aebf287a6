import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator, FileMigrationProvider, sql, type MigrationResultSet } from 'kysely';

export interface MigrateOptions {
  /** The schema the service owns; its migrations and its migration bookkeeping live there. */
  schema: string;
  /** Absolute path of the folder holding the service's migrations (timestamp-prefixed files). */
  folder: string;
}

/**
 * Runs a service's migrations inside that service's own schema, so each service can move to its own
 * database by changing its DATABASE_URL. The bookkeeping tables live in the same schema.
 */
export async function migrateToLatest(
  db: Kysely<unknown>,
  options: MigrateOptions,
): Promise<MigrationResultSet> {
  await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
  const migrator = new Migrator({
    db: db.withSchema(options.schema) as Kysely<unknown>,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: options.folder }),
    migrationTableSchema: options.schema,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed in schema ${options.schema}`, { cause: result.error });
  }
  return result;
}
