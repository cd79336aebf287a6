import { createTestDatabase, type ServiceMigration } from '@celebstyle/db';
import { createProducerConnection, createTestRedis, whenRedisReady } from '@celebstyle/queue';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { ServiceInstance } from '../create-service.ts';

/** The throw-away stores of one test file: a migrated database and a Redis key prefix of its own. */
export interface TestStores<DB> {
  db: Kysely<DB>;
  /** A fail-fast producer connection, ready (as the service's server opens it). */
  redis: Redis;
  /** The file's own Redis key prefix: the app's `keyPrefix` and BullMQ's prefix of its workers. */
  keyPrefix: string;
  /** For a worker or process a test starts on the same stores. */
  databaseUrl: string;
  redisUrl: string;
}

export interface TestService<DB, App extends ServiceInstance = ServiceInstance> extends TestStores<DB> {
  app: App;
  /** Closes the app, then what `onClose` added (last added first), then drops the stores. */
  close(): Promise<void>;
  /** Something the test started on these stores (a worker, a fake server), closed before them. */
  onClose(close: () => Promise<void> | void): void;
}

export interface TestServiceOptions<DB, App extends ServiceInstance> {
  /** Names the database and the key prefix (the test file's name): a leftover says whose it is. */
  name: string;
  /** The service's `src/db/migrate.ts`. */
  migration: ServiceMigration;
  /** The service's `connectDb` (src/db/connect.ts): the pool the server opens, on the test database. */
  connectDb(databaseUrl: string, options: { max: number }): Kysely<DB>;
  /**
   * Prefix every key on the connection too (ioredis keyPrefix), for a service that also writes keys
   * shared across deployments (accounts' token versions): test files running at once never meet.
   */
  prefixEveryKey?: boolean;
  /** The service's buildApp on these stores; the app is made ready before it is handed over. */
  build(stores: TestStores<DB>): Promise<App>;
}

/**
 * One service under test the way every service's `test/helpers/app.ts` builds it: a fresh migrated
 * database opened by the service's own `connectDb`, a Redis prefix of the file's own, and the app
 * (called with inject; nothing listens).
 */
export async function startTestService<DB, App extends ServiceInstance = ServiceInstance>(
  options: TestServiceOptions<DB, App>,
): Promise<TestService<DB, App>> {
  const database = await createTestDatabase(options.name.replace(/-/g, '_'));
  const testRedis = await createTestRedis(options.name);
  const db = options.connectDb(database.url, { max: 5 });
  const redis = createProducerConnection(
    testRedis.url,
    options.prefixEveryKey ? { keyPrefix: `${testRedis.prefix}:` } : {},
  );
  const closers: Array<() => Promise<void> | void> = [];
  const dropStores = async () => {
    for (const close of closers.reverse()) await close();
    await db.destroy();
    await redis.quit().catch(() => redis.disconnect());
    await testRedis.cleanup();
    await database.drop();
  };
  const stores: TestStores<DB> = {
    db,
    redis,
    keyPrefix: testRedis.prefix,
    databaseUrl: database.url,
    redisUrl: testRedis.url,
  };
  let app: App;
  try {
    await options.migration.migrate(db);
    await whenRedisReady(redis);
    app = await options.build(stores);
    await app.ready();
  } catch (error) {
    await dropStores();
    throw error;
  }
  return {
    ...stores,
    app,
    onClose(close) {
      closers.push(close);
    },
    async close() {
      await app.close();
      await dropStores();
    },
  };
}
