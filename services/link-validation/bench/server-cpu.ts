import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { processCpuMs } from './process-cpu.ts';

/**
 * CPU of the PostgreSQL backends serving one database, from now on: the backends are looked up on
 * every `sample()` (the worker's pool opens them as it goes); a backend first seen after the start
 * counts from zero, one that ended counts what it had used when last seen.
 */
export function postgresCpu<DB>(db: Kysely<DB>): { sample(): Promise<void>; used(): number } {
  const base = new Map<number, number>();
  const last = new Map<number, number>();
  let started = false;
  const sample = async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
      db,
    );
    for (const { pid } of rows) {
      const now = processCpuMs(pid);
      if (!base.has(pid)) base.set(pid, started ? 0 : now);
      if (now > 0) last.set(pid, now);
    }
    started = true;
  };
  return {
    sample,
    used: () => [...last].reduce((sum, [pid, ms]) => sum + ms - base.get(pid)!, 0),
  };
}

/** The process id of the Redis server (it is shared: its CPU counts every client's commands). */
export async function redisServerPid(redis: Redis): Promise<number> {
  const info = await redis.info('server');
  return Number(/process_id:(\d+)/.exec(info)?.[1] ?? '0');
}

/** Calls of each command the Redis server has answered since it started (INFO commandstats). */
export async function redisCommandCalls(redis: Redis): Promise<Map<string, number>> {
  const info = await redis.info('commandstats');
  const calls = new Map<string, number>();
  for (const [, name, count] of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm))
    calls.set(name!, Number(count));
  return calls;
}

/** Transactions committed in this database so far (pg_stat_database, flushed about once a second). */
export async function postgresCommits<DB>(db: Kysely<DB>): Promise<number> {
  const { rows } = await sql<{ commits: string }>`
    select xact_commit as commits from pg_stat_database where datname = current_database()`.execute(db);
  return Number(rows[0]?.commits ?? 0);
}
