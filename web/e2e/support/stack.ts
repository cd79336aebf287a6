import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { startStack, type RunningStack } from '@celebstyle/deploy';

export type E2eStack = { url: string; stack: RunningStack; stopCatalog(): void; stop(): Promise<void> };

/**
 * The real product for a test file: every service on free ports, a throw-away database seeded
 * with demo posts, its own Redis prefix and data folder. The gateway serves the built web/dist.
 */
export async function startE2eStack(name: string, seedPosts = 240): Promise<E2eStack> {
  const db: TestDatabase = await createTestDatabase(`web_e2e_${name}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), `web-e2e-${name}-`));
  const lines: string[] = [];
  let stack: RunningStack;
  try {
    stack = await startStack({
      port: 0,
      servicePorts: { catalog: 0, accounts: 0, 'newsletter-support': 0, 'link-validation': 0 },
      databaseUrl: db.url,
      queuePrefix: `web-e2e-${name}-${process.pid}`,
      dataDir,
      seedPosts,
      workers: false,
      logLevel: 'warn',
      log: (line) => void lines.push(line),
    });
  } catch (error) {
    await db.drop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
    throw new Error(`stack did not start:\n${lines.slice(-30).join('\n')}`, { cause: error });
  }
  return {
    url: stack.url,
    stack,
    /** Stops the catalog service we started (found by its port), to check the home fallbacks. */
    stopCatalog() {
      const port = new URL(stack.services.catalog!).port;
      const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
      for (const pid of new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]))))
        process.kill(pid, 'SIGTERM');
    },
    async stop() {
      await stack.stop();
      await db.drop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
