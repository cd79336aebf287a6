import type { Queue } from 'bullmq';

type SchedulerArgs = Parameters<Queue['upsertJobScheduler']>;

export interface KeptSchedulerOptions {
  /** How often to check the scheduler still exists in Redis. */
  checkEveryMs: number;
  /** The queue's connection, when the caller holds it: a reconnect triggers a check at once. */
  connection?: unknown;
  onRecreated?(why: string): void;
  onError(error: unknown): void;
}

export interface KeptScheduler {
  stop(): void;
}

interface ReadyEmitter {
  on(event: 'ready', listener: () => void): unknown;
  off(event: 'ready', listener: () => void): unknown;
}

const isReadyEmitter = (value: unknown): value is ReadyEmitter =>
  typeof value === 'object' && value !== null && 'on' in value && 'off' in value;

/**
 * A BullMQ job scheduler lives in Redis only: a Redis that restarts empty (a failover, or a restart
 * without persistence) loses it, and the periodic work (the outbox sweep, the view-count flush)
 * silently stops. This upserts the scheduler now, and again whenever a check finds it missing:
 * every checkEveryMs and on each reconnect of the connection given. Upserting by id keeps one
 * schedule however many worker replicas do the same.
 */
export async function keepJobScheduler(
  queue: Queue,
  [id, repeat, template]: SchedulerArgs,
  options: KeptSchedulerOptions,
): Promise<KeptScheduler> {
  await queue.upsertJobScheduler(id, repeat, template);
  let checking = false;
  const ensure = async (why: string) => {
    if (checking) return;
    checking = true;
    try {
      if (!(await queue.getJobScheduler(String(id)))) {
        await queue.upsertJobScheduler(id, repeat, template);
        options.onRecreated?.(why);
      }
    } catch (error) {
      options.onError(error);
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void ensure('periodic check'), options.checkEveryMs);
  timer.unref();
  const connection = isReadyEmitter(options.connection) ? options.connection : null;
  const onReady = () => void ensure('reconnect');
  connection?.on('ready', onReady);
  return {
    stop() {
      clearInterval(timer);
      connection?.off('ready', onReady);
    },
  };
}
