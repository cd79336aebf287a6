import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
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

/**
 * Migrates every service with its own `src/db/migrate.ts` (each connects the way its migrations
 * expect, e.g. with its schema on the search_path), all at once since each owns its own schema.
 * A failed one is retried once on its own, in case two first runs raced on a shared extension.
 */
export async function migrateAll(databaseUrl: string, log: LogSink): Promise<string[]> {
  const services = discoverServices().filter((s) =>
    existsSync(path.join(REPO_ROOT, 'services', s, 'src/db/migrate.ts')),
  );
  const env = { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  const started = Date.now();
  const outcomes = await Promise.allSettled(services.map((s) => runCli(s, env)));
  for (const [i, outcome] of outcomes.entries()) {
    if (outcome.status === 'rejected') await runCli(services[i]!, env);
  }
  log(`migrate   | ${services.join(', ')} up to date (${Date.now() - started} ms)`);
  return services;
}
