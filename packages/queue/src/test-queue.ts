import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DEFAULT_REDIS_URL } from './connections.ts';

export interface TestRedis {
  url: string;
  /** A key prefix of this test file's own; pass it as BullMQ's prefix and to caches. */
  prefix: string;
  /** Deletes every key under the prefix and closes the helper connection. */
  cleanup(): Promise<void>;
}

/** Isolates one test file on the real Redis named by TEST_REDIS_URL (default local). */
export async function createTestRedis(name = 'test'): Promise<TestRedis> {
  const url = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS_URL;
  const prefix = `t-${name}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`No Redis answers at TEST_REDIS_URL (${url}).`, { cause: error });
  }
  return {
    url,
    prefix,
    async cleanup() {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
