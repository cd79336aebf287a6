import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createTestRedis, type PostChangedEvent, type TestRedis } from '@celebstyle/queue';
import type { Kysely } from 'kysely';
import { connectDb } from '../../src/db/connect.ts';
import type { Database } from '../../src/db/database.ts';
import { migrate } from '../../src/index.ts';

/** A test file's world for link health: a fresh database (migrated) and a Redis prefix of its own. */
export interface LinkWorld {
  db: Kysely<Database>;
  database: TestDatabase;
  redis: TestRedis;
  close(): Promise<void>;
}

export async function startLinkWorld(name: string): Promise<LinkWorld> {
  const database = await createTestDatabase(`lv_${name}`);
  const db = connectDb(database.url, { max: 5 });
  await migrate(db);
  const redis = await createTestRedis(name);
  return {
    db,
    database,
    redis,
    async close() {
      await db.destroy();
      await redis.cleanup();
      await database.drop();
    },
  };
}

/** A post-changed event as the catalog publishes it. */
export function postEvent(options: {
  postId?: string;
  version: number;
  kind?: PostChangedEvent['kind'];
  title?: string;
  status?: 'pending' | 'approved' | 'rejected' | 'hidden';
  links?: { id?: string; url: string; text?: string }[];
}): PostChangedEvent {
  const postId = options.postId ?? randomUUID();
  const kind = options.kind ?? 'created';
  return {
    kind,
    postId,
    version: options.version,
    occurredAt: new Date(options.version).toISOString(),
    post:
      kind === 'deleted'
        ? null
        : {
            title: options.title ?? 'Silk Midi Dress',
            status: options.status ?? 'approved',
            platform: 'wornontv',
            celebrity: 'Kyle Richards',
            show: 'The Real Housewives of Beverly Hills',
            brand: 'Reformation',
            productType: 'Dress',
            mainImage: null,
            enhancedImage: null,
            createdAt: '2026-11-01T10:00:00.000Z',
            links: (options.links ?? []).map((link, index) => ({
              _id: link.id ?? randomUUID(),
              text: link.text ?? 'Shop Now',
              url: link.url,
              realUrl: null,
              position: index,
            })),
          },
  };
}
