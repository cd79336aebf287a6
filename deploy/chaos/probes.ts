import { Redis } from 'ioredis';
import pg from 'pg';

/** The BullMQ queues each worker process consumes (their names in @celebstyle/queue and the services). */
export const WORKER_QUEUES = {
  'newsletter-worker': ['email-delivery'],
  'link-validation-worker': ['link-checks', 'link-checks-now', 'post-events', 'link-validation-maintenance'],
  'catalog-worker': ['catalog-maintenance', 'link-health-events', 'show-enrichment'],
} as const;
export type WorkerName = keyof typeof WORKER_QUEUES;
export const WORKER_NAMES = Object.keys(WORKER_QUEUES) as WorkerName[];

/**
 * The suite's own view of Redis and PostgreSQL, which it restarts: every call fails fast (no
 * offline queue, short timeouts) and reconnects by itself, so a probe never waits on a fault.
 */
export class Probes {
  private readonly redis: Redis;
  private readonly pool: pg.Pool;

  constructor(
    redisUrl: string,
    databaseUrl: string,
    private readonly prefix: string,
  ) {
    this.redis = new Redis(redisUrl, {
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      connectTimeout: 1_000,
      retryStrategy: () => 200,
    });
    this.redis.on('error', () => undefined);
    this.pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 1_000,
    });
    this.pool.on('error', () => undefined);
  }

  /** Jobs the worker is running right now, over its queues (0 when Redis does not answer). */
  async activeJobs(worker: WorkerName): Promise<number> {
    try {
      const lengths = await Promise.all(
        WORKER_QUEUES[worker].map((queue) => this.redis.llen(`${this.prefix}:${queue}:active`)),
      );
      return lengths.reduce((a, b) => a + b, 0);
    } catch {
      return 0;
    }
  }

  /** Whether the worker completed a job after `since` (BullMQ's event stream of each queue). */
  async completedSince(worker: WorkerName, since: number): Promise<boolean> {
    try {
      for (const queue of WORKER_QUEUES[worker]) {
        const entries = await this.redis.xrange(`${this.prefix}:${queue}:events`, String(since), '+');
        if (entries.some(([, fields]) => fields[0] === 'event' && fields[1] === 'completed')) return true;
      }
      return false;
    } catch {
      return false;
    }
  }

  /** A query on the suite's own pool; throws while PostgreSQL does not answer. */
  async query<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query<Row>(text, values)).rows;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
    await this.pool.end().catch(() => undefined);
  }
}
