import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/free-port.ts';
import { Redis } from 'ioredis';
import { ensureRedis, redisAnswers, redisServer, type RedisHandle } from '../src/redis.ts';

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

describe('a restartable redis-server (the fault-injection suite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chaos-redis-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('comes back on the same port with what was written before the stop (append-only file)', async () => {
    const port = await freePort();
    const server = redisServer(port, dataDir, ['--appendonly', 'yes', '--save', '']);
    try {
      await server.start();
      const before = new Redis(port, '127.0.0.1');
      await before.set('queued-job', 'kept');
      before.disconnect();
      await server.stop();
      expect(await redisAnswers(`redis://127.0.0.1:${port}`)).toBe(false);
      await server.start();
      const after = new Redis(port, '127.0.0.1');
      expect(await after.get('queued-job')).toBe('kept');
      after.disconnect();
    } finally {
      await server.stop();
    }
  });
});
