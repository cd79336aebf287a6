import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDb } from '@celebstyle/db';
import type { Kysely } from 'kysely';
import type { LogSink } from './child-process.ts';
import { REPO_ROOT } from './paths.ts';

/** The services that exist now (services/<name>/src/index.ts or a migrate CLI), in a stable order. */
export function discoverServices(): string[] {
  const root = path.join(REPO_ROOT, 'services');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => ['src/index.ts', 'src/db/migrate.ts'].some((f) => existsSync(path.join(root, name, f))))
    .sort();
}

function runCli(service: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/migrate.ts'], {
      cwd: path.join(REPO_ROOT, 'services', service),
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${service}: migrate exited with ${code}: ${errors.trim().split('\n').slice(0, 6).join('\n')}`,
            ),
          ),
    );
  });
}

type ServiceModule = { migrate?: (db: Kysely<unknown>) => Promise<unknown> } & Record<string, unknown>;

/**
 * In this process (modules load once, so it is fast): the service's exported `migrate(db)` on a pool
 * whose search_path is the schema the service exports as `<NAME>_SCHEMA`, as its own CLI connects.
 * Returns false when the service exports no migrate function. Kysely runs pending migrations of one
 * call in one transaction, so a failure leaves nothing half done.
 */
async function migrateInProcess(service: string, databaseUrl: string): Promise<boolean> {
  const index = path.join(REPO_ROOT, 'services', service, 'src', 'index.ts');
  if (!existsSync(index)) return false;
  const module = (await import(pathToFileURL(index).href)) as ServiceModule;
  if (typeof module.migrate !== 'function') return false;
  const schemaExport = Object.entries(module).find(
    ([name, value]) => name.endsWith('_SCHEMA') && typeof value === 'string',
  );
  const db = createDb<unknown>({
    connectionString: databaseUrl,
    schema: schemaExport?.[1] as string | undefined,
    max: 1,
    applicationName: `${service}-migrate`,
  });
  try {
    await module.migrate(db);
  } finally {
    await db.destroy();
  }
  return true;
}

/**
 * Migrates every service, one after the other (a first run may create shared extensions): through
 * its exported `migrate(db)` in this process, or its own `src/db/migrate.ts` CLI when it has no such
 * export or the in-process run fails (the CLI connects exactly as the service expects).
 */
export async function migrateAll(databaseUrl: string, log: LogSink): Promise<string[]> {
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  const migrated: string[] = [];
  for (const service of discoverServices()) {
    const started = Date.now();
    const hasCli = existsSync(path.join(REPO_ROOT, 'services', service, 'src/db/migrate.ts'));
    let done = false;
    try {
      done = await migrateInProcess(service, databaseUrl);
    } catch (error) {
      if (!hasCli) throw new Error(`${service}: ${(error as Error).message}`, { cause: error });
    }
    if (!done && hasCli) {
      await runCli(service, env);
      done = true;
    }
    if (done) {
      migrated.push(service);
      log(`migrate   | ${service} up to date (${Date.now() - started} ms)`);
    }
  }
  return migrated;
}
