import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { LogSink } from './child-process.ts';
import { REPO_ROOT } from './paths.ts';

const CATALOG_DIR = path.join(REPO_ROOT, 'services', 'catalog');
const LINK_VALIDATION_DIR = path.join(REPO_ROOT, 'services', 'link-validation');
const SEED_COMMAND = 'src/seed/seed-command.ts';
/** About how many affiliate links a demo post carries. */
const LINKS_PER_POST = 2;

/** True when the catalogue has no posts; asks the catalog's own isCatalogEmpty when it exports one. */
export async function catalogIsEmpty(databaseUrl: string): Promise<boolean> {
  const index = path.join(CATALOG_DIR, 'src', 'index.ts');
  const module = (await import(pathToFileURL(index).href)) as {
    isCatalogEmpty?: (db: unknown) => Promise<boolean>;
    connectDb?: (url: string, options?: { max?: number }) => { destroy(): Promise<void> };
  };
  if (module.isCatalogEmpty && module.connectDb) {
    const db = module.connectDb(databaseUrl, { max: 1 });
    try {
      return await module.isCatalogEmpty(db);
    } finally {
      await db.destroy();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ any: boolean }>(
      'select exists (select 1 from catalog.posts) as any',
    );
    return !rows[0]?.any;
  } finally {
    await client.end();
  }
}

/** Runs a service's seed command (`src/seed/seed-command.ts`), its output prefixed in the log. */
function runSeedCommand(
  serviceDir: string,
  args: string[],
  env: { DATABASE_URL: string; REDIS_URL: string; QUEUE_PREFIX: string },
  log: LogSink,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SEED_COMMAND, ...args], {
      cwd: serviceDir,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) log(`seed      | ${line}`);
      });
    }
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(serviceDir)} seed exited with ${code}`)),
    );
  });
}

/**
 * Seeds the demo catalogue through the catalog's own seed command, which also bumps the catalogue
 * version in Redis so no cached aggregate outlives the old data.
 */
export function runCatalogSeed(
  env: { DATABASE_URL: string; REDIS_URL: string; QUEUE_PREFIX: string },
  posts: number,
  log: LogSink,
): Promise<void> {
  if (!existsSync(path.join(CATALOG_DIR, SEED_COMMAND))) {
    log('seed      | the catalog has no seed command yet: skipping the demo catalogue');
    return Promise.resolve();
  }
  return runSeedCommand(CATALOG_DIR, ['--posts', String(posts)], env, log);
}

/**
 * The demo's link health beside its catalogue: active URL-cleaning rules for demo retailers and a
 * past for the 90-day chart (services/link-validation/src/seed), sized like the catalogue's links.
 */
export function runLinkHealthSeed(
  env: { DATABASE_URL: string; REDIS_URL: string; QUEUE_PREFIX: string },
  posts: number,
  log: LogSink,
): Promise<void> {
  if (!existsSync(path.join(LINK_VALIDATION_DIR, SEED_COMMAND))) return Promise.resolve();
  return runSeedCommand(LINK_VALIDATION_DIR, ['--links', String(posts * LINKS_PER_POST)], env, log);
}

export async function seedCatalogWhenEmpty(
  env: { DATABASE_URL: string; REDIS_URL: string; QUEUE_PREFIX: string },
  posts: number,
  log: LogSink,
  { demoLinkHealth = false }: { demoLinkHealth?: boolean } = {},
): Promise<boolean> {
  if (!existsSync(path.join(CATALOG_DIR, 'src', 'index.ts'))) return false;
  if (!(await catalogIsEmpty(env.DATABASE_URL))) return false;
  log(`seed      | the catalogue is empty: seeding the demo catalogue (${posts} posts)`);
  await runCatalogSeed(env, posts, log);
  if (demoLinkHealth) await runLinkHealthSeed(env, posts, log);
  return true;
}
