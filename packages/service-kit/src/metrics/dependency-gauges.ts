import { Gauge, type Registry } from 'prom-client';

/** What pg.Pool reports about its clients (structural, so service-kit needs no pg). */
export interface PoolState {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** An ioredis connection's state: `ready` is connected and usable. */
export interface RedisState {
  status: string;
}

/** Connections of the process's PostgreSQL pool, read when Prometheus scrapes. */
export function registerPoolGauges(registry: Registry, pool: PoolState): void {
  new Gauge({
    name: 'db_pool_clients',
    help: 'PostgreSQL pool clients by state: total open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'db_pool_max_clients',
    help: 'Most clients the PostgreSQL pool opens',
    registers: [registry],
    collect() {
      this.set(pool.options?.max ?? 10);
    },
  });
}

/** 1 while a Redis connection is ready, else 0 (connecting, reconnecting, closed), per connection name. */
export function registerRedisGauges(registry: Registry, connections: Record<string, RedisState>): void {
  new Gauge({
    name: 'redis_connection_up',
    help: 'Whether a Redis connection of the process is ready (1) or not (0)',
    labelNames: ['connection'] as const,
    registers: [registry],
    collect() {
      for (const [name, redis] of Object.entries(connections))
        this.set({ connection: name }, redis.status === 'ready' ? 1 : 0);
    },
  });
}
