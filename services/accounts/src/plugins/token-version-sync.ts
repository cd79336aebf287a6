import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { TokenVersionPublisher } from '../modules/tokens/token-versions.ts';

export interface TokenVersionSyncOptions {
  db: Kysely<Database>;
  redis: Redis;
  versions: TokenVersionPublisher;
  intervalMs?: number;
}

/**
 * Redis here keeps nothing on disk, and guards everywhere read revocations from it: re-publish every
 * admin's token version when accounts starts, whenever Redis (re)connects, and every minute to repair
 * a publish that failed. Versions only go up in Redis, so a late re-publish never undoes a revocation.
 */
export const tokenVersionSyncPlugin = fp<TokenVersionSyncOptions>(
  async (app, { db, redis, versions, intervalMs = 60_000 }) => {
    const publishAll = async (why: string) => {
      try {
        const count = await versions.publishAll(db);
        app.log.debug({ count, why }, 'token versions published');
      } catch (error) {
        app.log.error({ err: error, why }, 'could not publish token versions to Redis');
      }
    };
    const onReady = () => void publishAll('redis ready');
    redis.on('ready', onReady);
    const timer = setInterval(() => void publishAll('periodic'), intervalMs);
    timer.unref();
    app.addHook('onReady', async () => publishAll('start'));
    app.addHook('onClose', async () => {
      clearInterval(timer);
      redis.off('ready', onReady);
    });
  },
  { name: 'token-version-sync' },
);
