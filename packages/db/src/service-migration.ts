import type { Kysely } from 'kysely';
import { createDb } from './pool.ts';

/**
 * What every service's `src/db/migrate.ts` exports (docs/conventions.md, Service layout): the schema
 * it owns (its migrations' bookkeeping and its pools' search_path) and the function that brings that
 * schema to the latest migration.
 */
export interface ServiceMigration {
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database type
  migrate(db: Kysely<any>): Promise<void>;
}

/** Whether a module (a service's src/db/migrate.ts, imported) keeps the contract above. */
export function isServiceMigration(module: unknown): module is ServiceMigration {
  const candidate = module as Partial<ServiceMigration> | null;
  return (
    typeof candidate?.schema === 'string' &&
    candidate.schema.length > 0 &&
    typeof candidate.migrate === 'function'
  );
}

/** An error's message followed by those of its causes (a failed migration's SQL error is the cause). */
export function errorChain(error: unknown): string {
  const messages: string[] = [];
  for (let e: unknown = error; e !== undefined && messages.length < 5; e = (e as Error).cause) {
    messages.push(e instanceof Error ? e.message : String(e));
    if (!(e instanceof Error)) break;
  }
  return messages.join(': ');
}

/**
 * Migrates one service on a pool of its own whose search_path is the service's schema, as the
 * service connects. Kysely runs the pending migrations of one call in one transaction, so a failure
 * leaves nothing half done; it is thrown on as an error whose message names the service.
 */
export async function migrateService(
  service: string,
  databaseUrl: string,
  migration: ServiceMigration,
): Promise<void> {
  const db = createDb<unknown>({
    connectionString: databaseUrl,
    schema: migration.schema,
    max: 1,
    applicationName: `${service}-migrate`,
  });
  try {
    await migration.migrate(db);
  } catch (error) {
    throw new Error(`${service}: migration failed: ${errorChain(error)}`, { cause: error });
  } finally {
    await db.destroy();
  }
}

/**
 * A service's migrate command (`src/db/migrate-command.ts`): one line on success; on failure one line
 * naming the service and what failed on stderr, and exit code 1.
 */
export async function runMigrateCommand(
  service: string,
  databaseUrl: string,
  migration: ServiceMigration,
): Promise<void> {
  try {
    await migrateService(service, databaseUrl, migration);
    console.log(`${service}: schema ${migration.schema} is up to date`);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 1;
  }
}
