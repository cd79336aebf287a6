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
  say: (line: string) => void,
  timeoutMs = 1_800_000,
): Promise<number> {
  const connection = createWorkerConnection(redisUrl);
  const queue = new Queue(QueueName.postEvents, { connection, prefix });
  const started = Date.now();
  let reported = started;
  try {
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      const left = Object.values(counts).reduce((a, b) => a + b, 0);
      if (left === 0) break;
      if (Date.now() - started >= timeoutMs) {
        say(
          `${left} post-changed events still queued after ${timeoutMs / 1000} s: the reads below are measured during that backlog`,
        );
        break;
      }
      if (Date.now() - reported >= 60_000) {
        say(`${left} post-changed events still queued`);
        reported = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
  return Date.now() - started;
}
