import { createWorkerConnection, QueueName } from '@celebstyle/queue';
import { Queue } from 'bullmq';

export interface PostEventsBacklog {
  waitedMs: number;
  /** Events still queued when the wait ended; the queue is then paused until `resume`. */
  left: number;
  resume(): Promise<void>;
}

/**
 * After the catalog worker has put every seeded post on post-events, the link-validation worker
 * still applies them to its projection: 200,000 events at 200,000 posts, at 70 to 500 a second
 * depending on the machine's load. Reads measured during that measure the backlog, which a running
 * site does not have. Wait for it to be consumed; when it is not within the time allowed, pause
 * the queue while the reads are measured (what is left is reported) and resume it after.
 */
export async function settlePostEvents(
  redisUrl: string,
  prefix: string,
  say: (line: string) => void,
  timeoutMs = 600_000,
): Promise<PostEventsBacklog> {
  const connection = createWorkerConnection(redisUrl);
  const queue = new Queue(QueueName.postEvents, { connection, prefix });
  const close = async () => {
    await queue.close();
    connection.disconnect();
  };
  const started = Date.now();
  let reported = started;
  let left = 0;
  try {
    for (;;) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      left = Object.values(counts).reduce((a, b) => a + b, 0);
      if (left === 0 || Date.now() - started >= timeoutMs) break;
      if (Date.now() - reported >= 60_000) {
        say(`${left} post-changed events still queued`);
        reported = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    if (left === 0) {
      await close();
      return { waitedMs: Date.now() - started, left, resume: async () => {} };
    }
    await queue.pause();
  } catch (error) {
    await close();
    throw error;
  }
  return {
    waitedMs: Date.now() - started,
    left,
    async resume() {
      try {
        await queue.resume();
      } finally {
        await close();
      }
    },
  };
}
