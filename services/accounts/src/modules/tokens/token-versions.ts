import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REVOKED_SESSION_TTL_SECONDS,
  revokedSessionKey,
  tokenVersionKey,
} from '@celebstyle/service-kit';
import type { Database } from '../../db/database.ts';

/** A deleted admin's version: above any real one, kept until every token it held has expired. */
const DELETED_VERSION = 2 ** 31 - 1;
const DELETED_TTL_SECONDS = ACCESS_TOKEN_TTL_SECONDS + 60;

// Versions only go up: setting "the larger of the two" keeps a slow publisher from undoing a revocation.
const RAISE_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]))
local wanted = tonumber(ARGV[1])
if current == nil or current < wanted then
  if ARGV[2] == '0' then redis.call('SET', KEYS[1], ARGV[1]) else redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
  return 1
end
return 0`;

type RedisWithRaise = Redis & {
  raiseTokenVersion(key: string, version: number, ttlSeconds: number): Promise<number>;
};

/**
 * Mirrors each admin's token version to Redis, where service-kit's guards read it on every request
 * (immediate revocation). PostgreSQL holds the truth; Redis may lose it, so publishAll re-publishes.
 */
export class TokenVersionPublisher {
  private readonly redis: RedisWithRaise;

  constructor(redis: Redis) {
    if (!('raiseTokenVersion' in redis))
      redis.defineCommand('raiseTokenVersion', { numberOfKeys: 1, lua: RAISE_SCRIPT });
    this.redis = redis as RedisWithRaise;
  }

  async publish(adminId: string, version: number): Promise<void> {
    await this.redis.raiseTokenVersion(tokenVersionKey(adminId), version, 0);
  }

  async publishDeleted(adminId: string, ttlSeconds = DELETED_TTL_SECONDS): Promise<void> {
    await this.redis.raiseTokenVersion(
      tokenVersionKey(adminId),
      DELETED_VERSION,
      Math.max(1, Math.ceil(ttlSeconds)),
    );
  }

  /**
   * Marks sign-in sessions as ended (sign-out, refresh-token reuse) for as long as an access token
   * of theirs can live; guards refuse their tokens from the next request on.
   */
  async publishSessionsEnded(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) pipeline.set(revokedSessionKey(id), '1', 'EX', REVOKED_SESSION_TTL_SECONDS);
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0]!;
  }

  /**
   * Every admin's version, every recent deletion and every session ended recently enough for its
   * access tokens to live on; run at start and whenever Redis reconnects.
   */
  async publishAll(db: Kysely<Database>): Promise<number> {
    await db.deleteFrom('admin_tombstones').where('expires_at', '<', new Date()).execute();
    const admins = await db.selectFrom('admins').select(['id', 'token_version']).execute();
    const tombstones = await db.selectFrom('admin_tombstones').selectAll().execute();
    const endedSince = new Date(Date.now() - REVOKED_SESSION_TTL_SECONDS * 1000);
    const ended = await db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .select((eb) => eb.fn.max('revoked_at').as('revoked_at'))
      .where('revoked_at', '>', endedSince)
      .groupBy('family_id')
      .execute();
    const pipeline = this.redis.pipeline() as ReturnType<Redis['pipeline']> & {
      raiseTokenVersion(key: string, version: number, ttlSeconds: number): unknown;
    };
    for (const admin of admins) pipeline.raiseTokenVersion(tokenVersionKey(admin.id), admin.token_version, 0);
    for (const tomb of tombstones) {
      const ttl = Math.ceil((new Date(tomb.expires_at).getTime() - Date.now()) / 1000);
      if (ttl > 0) pipeline.raiseTokenVersion(tokenVersionKey(tomb.admin_id), DELETED_VERSION, ttl);
    }
    for (const session of ended) {
      const endsAt = new Date(session.revoked_at!).getTime() + REVOKED_SESSION_TTL_SECONDS * 1000;
      const ttl = Math.ceil((endsAt - Date.now()) / 1000);
      if (ttl > 0) pipeline.set(revokedSessionKey(session.family_id), '1', 'EX', ttl);
    }
    const results = await pipeline.exec();
    const failed = results?.find(([error]) => error);
    if (failed) throw failed[0]!;
    return admins.length + tombstones.length + ended.length;
  }
}

export const TOMBSTONE_TTL_MS = DELETED_TTL_SECONDS * 1000;
