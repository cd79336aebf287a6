import { createWorkerConnection } from '@celebstyle/queue';
import type { Redis } from 'ioredis';

/** The two connections worker.ts opens for startLinkValidationWorker; kept in `opened` to be closed. */
export function workerConnections(
  redisUrl: string,
  opened: Redis[],
): { workerConnection: Redis; queueConnection: Redis } {
  const workerConnection = createWorkerConnection(redisUrl);
  const queueConnection = createWorkerConnection(redisUrl);
  opened.push(workerConnection, queueConnection);
  return { workerConnection, queueConnection };
}
