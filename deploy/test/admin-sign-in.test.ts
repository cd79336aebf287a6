import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { afterAll, describe, expect, it } from 'vitest';
import { adminConsoleLines, checkAdminSignIn } from '../src/admin-sign-in.ts';
import { startStack, type RunningStack } from '../src/start-stack.ts';

describe('the admin credentials the launcher prints', () => {
  let db: TestDatabase | undefined;
  let redis: TestRedis | undefined;
  const dataDirs: string[] = [];
  const stacks: RunningStack[] = [];

  afterAll(async () => {
    for (const stack of stacks) await stack.stop();
    await redis?.cleanup();
    await db?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  /** `npm start` of one checkout: its own .data folder, the machine's shared database. */
  async function startCheckout(): Promise<RunningStack> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-sign-in-'));
    dataDirs.push(dataDir);
    const stack = await startStack({
      port: 0,
      servicePorts: { catalog: 0, accounts: 0, 'newsletter-support': 0, 'link-validation': 0 },
      databaseUrl: db!.url,
      redisUrl: redis!.url,
      queuePrefix: redis!.prefix,
      dataDir,
      build: false,
      seedPosts: false,
      services: ['accounts'],
      workers: false,
      logLevel: 'warn',
      log: () => {},
    });
    stacks.push(stack);
    return stack;
  }

  it('sign in on a new database, and a second checkout sharing it is told how to get in', async () => {
    db = await createTestDatabase('admin_sign_in');
    redis = await createTestRedis('admin-sign-in');

    const first = await startCheckout();
    expect(await checkAdminSignIn(first.url, first.admin)).toBe('signs-in');
    // the check signs out again: signing in twice more still works (no session or throttle left)
    expect(await checkAdminSignIn(first.url, first.admin)).toBe('signs-in');
    await first.stop();

    const second = await startCheckout();
    expect(second.admin.password).not.toBe(first.admin.password);
    expect(await checkAdminSignIn(second.url, second.admin)).toBe('refused');
    const lines = adminConsoleLines(`${second.url}/admin`, second.admin, 'refused');
    expect(lines.join('\n')).not.toContain(second.admin.password);
    expect(lines.join('\n')).toContain('npm run admin -w @celebstyle/accounts -- reset --username admin');
    // the first checkout's password still signs in on the shared database
    expect(await checkAdminSignIn(second.url, first.admin)).toBe('signs-in');
  }, 120_000);

  it('prints the password only when it signs in, and says nothing false when the check could not run', async () => {
    const admin = { username: 'admin', email: 'a@example.test', password: 'pw-1' };
    expect(adminConsoleLines('http://x/admin', admin, 'signs-in')).toEqual([
      'admin console: http://x/admin  user admin  password pw-1',
    ]);
    expect(adminConsoleLines('http://x/admin', admin, 'not-checked')).toEqual([
      'admin console: http://x/admin  user admin  password pw-1',
    ]);
    // nothing listens on port 9 of loopback: the check reports it could not run
    expect(await checkAdminSignIn('http://127.0.0.1:9', admin)).toBe('not-checked');
  });
});
