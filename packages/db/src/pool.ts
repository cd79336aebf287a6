import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

// Answer bigint counts (COUNT(*)) as JS numbers; our counts never approach 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DbOptions {
  connectionString: string;
  /** The service's schema; set as search_path so queries name tables without a prefix. */
  schema?: string;
  max?: number;
  applicationName?: string;
  /**
   * Called when an idle pooled connection fails (PostgreSQL restarted, a failover, a network cut).
   * The pool drops that connection and opens a new one on demand; without a listener, Node would
   * end the whole process on the 'error' event.
   */
  onIdleError?: (error: Error) => void;
}

const warnIdleError = (error: Error) =>
  process.stderr.write(
    `${JSON.stringify({ level: 40, msg: 'idle PostgreSQL connection lost', err: error.message })}\n`,
  );

const ignoreErrorInUse = () => undefined;

export function createPool(options: DbOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
    options: options.schema ? `-c search_path=${options.schema},public` : undefined,
  });
  pool.on('error', options.onIdleError ?? warnIdleError);
  // The pool listens for errors only on idle connections. A connection in use (a query running, a
  // transaction between two statements) that PostgreSQL ends (restart, failover, pg_terminate_backend)
  // emits 'error' too, and with no listener Node ends the whole process. Its query or the next one
  // fails and is answered as such (503); releasing it drops it from the pool. Nothing to do here.
  pool.on('connect', (client) => client.on('error', ignoreErrorInUse));
  return pool;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database type
const pools = new WeakMap<Kysely<any>, pg.Pool>();

export function createDb<DB>(options: DbOptions): Kysely<DB> {
  const pool = createPool(options);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

/**
 * How a service opens its database: a pool whose search_path is the service's schema (then
 * public), named after the service in pg_stat_activity unless a process names itself.
 */
export function databaseConnector<DB>(schema: string, serviceName: string) {
  return (connectionString: string, options: { max?: number; applicationName?: string } = {}): Kysely<DB> =>
    createDb<DB>({
      connectionString,
      schema,
      max: options.max,
      applicationName: options.applicationName ?? serviceName,
    });
}

/** The pool behind a database made by createDb (its metrics read the pool's counts); else undefined. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database type
export function poolOf(db: Kysely<any>): pg.Pool | undefined {
  return pools.get(db);
}

/** Readiness check: resolves when PostgreSQL answers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database type
export async function pingDb(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
