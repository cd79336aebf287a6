import { createWorkerConnection, QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';

/**
 * After the catalog worker has put every seeded post on post-events, the link-validation worker
 * still applies them to its projection (200,000 events at 200,000 posts, minutes of PostgreSQL
 * writes). Measuring reads during that measures the backlog: wait until the queue has nothing
 * waiting, active, delayed or prioritized.
 */
export async function waitForPostEventsConsumed(
  redisUrl: string,
  prefix: string,
  timeoutMs = 900_000,
): Promise<number> {
  const connection = createWorkerConnection(redisUrl);
  const queue = new Queue(QueueName.postEvents, { connection, prefix });
  const started = Date.now();
  try {
    while (Date.now() - started < timeoutMs) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return Date.now() - started;
}
