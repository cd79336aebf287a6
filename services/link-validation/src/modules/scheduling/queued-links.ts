import type { Redis } from 'ioredis';
import type { CheckLinkJob } from './link-check-queues.ts';

/**
 * The links queued for a check and not yet done, across every worker process: one sorted set in
 * Redis, member `linkId:dueMs`, score the time the mark lapses. A job holds several links, so its
 * id can no longer keep a link from being queued twice: the due sweep queues only the links it
 * marks here first. A job that ends (checked, found not due, or gone) unmarks its links; a mark whose
 * job failed for good, or whose sweep died before queuing it, lapses after `ttlMs` and the link is
 * queued again by a later sweep (late, never lost).
 */
export interface QueuedLinks {
  /** Marks the links; returns those that were not marked already (to be queued now). */
  claim(links: readonly CheckLinkJob[]): Promise<CheckLinkJob[]>;
  /** Keeps the marks of links sent back to wait (politeness) for `waitMs` more than usual. */
  extend(links: readonly CheckLinkJob[], waitMs: number): Promise<void>;
  release(links: readonly CheckLinkJob[]): Promise<void>;
  /** Links marked now: queued, delayed or being checked. */
  count(): Promise<number>;
}

/** Long enough for any backlog to drain; a lapsed mark only costs a second check, never a second record. */
export const QUEUED_LINK_TTL_MS = 60 * 60_000;

/**
 * KEYS: the set. ARGV: ttlMs, then members. Drops lapsed marks, adds the members not present,
 * returns a 1 or 0 per member (newly marked or not). Times are Redis's own clock.
 */
const CLAIM = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local lapse = now + tonumber(ARGV[1])
local claimed = {}
for i = 2, #ARGV do
  claimed[i - 1] = redis.call('ZADD', KEYS[1], 'NX', lapse, ARGV[i])
end
return claimed
`;

/** KEYS: the set. ARGV: ttlMs, then members. Moves the lapse of members still marked. */
const EXTEND = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 2, #ARGV do
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[i])
end
return 0
`;

const COUNT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
`;

const member = (link: CheckLinkJob) => `${link.linkId}:${link.dueMs}`;

export function createQueuedLinks(redis: Redis, prefix: string, ttlMs = QUEUED_LINK_TTL_MS): QueuedLinks {
  const scripts = redis as Redis & {
    lvClaimQueued(...args: (string | number)[]): Promise<number[]>;
    lvExtendQueued(...args: (string | number)[]): Promise<number>;
    lvCountQueued(...args: (string | number)[]): Promise<number>;
  };
  if (!('lvClaimQueued' in redis)) {
    redis.defineCommand('lvClaimQueued', { numberOfKeys: 1, lua: CLAIM });
    redis.defineCommand('lvExtendQueued', { numberOfKeys: 1, lua: EXTEND });
    redis.defineCommand('lvCountQueued', { numberOfKeys: 1, lua: COUNT });
  }
  const key = `${prefix}:link-validation:queued-checks`;
  return {
    async claim(links) {
      if (links.length === 0) return [];
      const claimed = await scripts.lvClaimQueued(key, ttlMs, ...links.map(member));
      return links.filter((_, index) => Number(claimed[index]) === 1);
    },
    async extend(links, waitMs) {
      if (links.length === 0) return;
      await scripts.lvExtendQueued(key, Math.round(waitMs + ttlMs), ...links.map(member));
    },
    async release(links) {
      if (links.length === 0) return;
      await redis.zrem(key, ...links.map(member));
    },
    async count() {
      return Number(await scripts.lvCountQueued(key));
    },
  };
}
