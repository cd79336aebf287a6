import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.ts';
import { ensureRedis, redisAnswers, type RedisHandle } from '../src/redis.ts';

describe('the launcher without a Redis server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'launcher-redis-'));
  let handle: RedisHandle | undefined;
  afterAll(async () => {
    await handle?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts redis-server from PATH on the URL port and stops it again', async () => {
    const url = `redis://127.0.0.1:${await freePort()}`;
    expect(await redisAnswers(url)).toBe(false);
    const lines: string[] = [];
    handle = await ensureRedis(url, dataDir, (line) => lines.push(line));
    expect(handle.started).toBe(true);
    expect(await redisAnswers(url)).toBe(true);
    expect(lines.join('\n')).toContain('starting redis-server');
    await handle.stop();
    expect(await redisAnswers(url)).toBe(false);
  });

  it('uses a Redis that answers without starting another', async () => {
    const existing = await ensureRedis(
      process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      dataDir,
      () => undefined,
    );
    expect(existing.started).toBe(false);
  });
});
