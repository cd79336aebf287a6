import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';

export interface MigrateOptions {
  /** The schema the service owns; its migrations and its migration bookkeeping live there. */
  schema: string;
  /** Absolute path of the folder holding the service's migrations (timestamp-prefixed files). */
  folder: string;
}

const MIGRATION_FILE = /\.(ts|js|mjs)$/;

/**
 * The pools' statement_timeout guards requests; a migration building an index over 200,000 posts on
 * a busy server may take longer and must not be cancelled half-way. Kysely runs PostgreSQL
 * migrations in one transaction, so `set local` lasts until it ends.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database type
async function withoutStatementTimeout(db: Kysely<any>): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(db);
}

/**
 * Loads migrations with our own import() rather than kysely's FileMigrationProvider, so the files are
 * loaded by whichever TypeScript loader runs this code (tsx in processes, vite under vitest).
 */
export function folderMigrations(folder: string): MigrationProvider {
  return {
    async getMigrations() {
      const files = (await fs.readdir(folder))
        .filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.d.ts'))
        .sort();
      const migrations: Record<string, Migration> = {};
      for (const file of files) {
        const module = (await import(pathToFileURL(path.join(folder, file)).href)) as Migration;
        migrations[file.replace(MIGRATION_FILE, '')] = {
          up: async (db) => {
            await withoutStatementTimeout(db);
            await module.up(db);
          },
          down: module.down,
        };
      }
      return migrations;
    },
  };
}

/**
 * Runs a service's migrations inside that service's own schema, so each service can move to its own
 * database by changing its DATABASE_URL. The bookkeeping tables live in the same schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database type
export async function migrateToLatest(db: Kysely<any>, options: MigrateOptions): Promise<MigrationResultSet> {
  await sql`create schema if not exists ${sql.id(options.schema)}`.execute(db);
  const migrator = new Migrator({
    db: db.withSchema(options.schema),
    provider: folderMigrations(options.folder),
    migrationTableSchema: options.schema,
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed in schema ${options.schema}`, { cause: result.error });
  }
  return result;
}
