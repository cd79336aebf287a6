import { createWorkerConnection } from '@celebstyle/queue';
import type { Redis } from 'ioredis';

/** The three connections worker.ts opens for startLinkValidationWorker; kept in `opened` to be closed. */
export function workerConnections(
  redisUrl: string,
  opened: Redis[],
): { workerConnection: Redis; queueConnection: Redis; slotConnection: Redis } {
  const workerConnection = createWorkerConnection(redisUrl);
  const queueConnection = createWorkerConnection(redisUrl);
  const slotConnection = createWorkerConnection(redisUrl, { enableAutoPipelining: true });
  opened.push(workerConnection, queueConnection, slotConnection);
  return { workerConnection, queueConnection, slotConnection };
}
