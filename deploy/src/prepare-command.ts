// One-shot preparation for containers and other hosts (docker-compose's `prepare` service): create
// the database when missing, generate signing keys when the configured key files do not exist yet,
// migrate every service, and seed the demo catalogue when it is empty. Safe to run on every deploy.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureDevKeys } from './dev-secrets.ts';
import { migrateAll } from './migrate-all.ts';
import { DEFAULT_DATABASE_URL, DEFAULT_QUEUE_PREFIX, DEFAULT_REDIS_URL } from './paths.ts';
import { ensureDatabase, postgresAnswers } from './postgres.ts';
import { seedCatalogWhenEmpty } from './seed-catalog.ts';

const log = (line: string) => console.log(line);
const env = {
  DATABASE_URL: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
  QUEUE_PREFIX: process.env.QUEUE_PREFIX ?? DEFAULT_QUEUE_PREFIX,
};

async function waitForPostgres(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await postgresAnswers(url))) {
    if (Date.now() > deadline) throw new Error(`no PostgreSQL answers at ${new URL(url).host}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

try {
  await waitForPostgres(env.DATABASE_URL);
  await ensureDatabase(env.DATABASE_URL);
  // Keys: AUTH_PRIVATE_KEY_FILE and AUTH_JWKS_FILE must sit in one folder (a shared volume).
  const privateKeyFile = process.env.AUTH_PRIVATE_KEY_FILE;
  if (privateKeyFile && !existsSync(privateKeyFile)) {
    const keys = await ensureDevKeys(path.dirname(path.dirname(privateKeyFile)));
    log(`prepare   | generated a signing key pair: ${keys.privateKeyFile}, ${keys.jwksFile}`);
  }
  await migrateAll(env.DATABASE_URL, log);
  const posts = Number(process.env.SEED_POSTS ?? 2000);
  if (posts > 0) await seedCatalogWhenEmpty(env, posts, log);
  log('prepare   | done');
} catch (error) {
  console.error(`prepare: ${(error as Error).message}`);
  process.exit(1);
}
