import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { startStack, type RunningStack } from '../start-stack.ts';

export type E2eStack = { url: string; stack: RunningStack; stop(): Promise<void> };

export interface E2eStackOptions {
  /** Demo posts seeded into the throw-away database. */
  seedPosts: number;
  /** Start worker processes too (default false: journeys rarely need them). */
  workers?: boolean;
  /** Rebuild web/dist and admin-web/dist when stale (default true; a test of the API alone skips it). */
  build?: boolean;
  /**
   * Extra environment for every process of the stack, e.g. TVMAZE_BASE_URL pointing the catalog
   * worker at a fake TVmaze, or a short ACCESS_TOKEN_TTL_SECONDS for a session that outlives one.
   */
  env?: Record<string, string>;
}

/**
 * The real product for one end-to-end test file (web/ and admin-web/): every service on free ports,
 * a throw-away database seeded with demo posts, its own Redis prefix and data folder. The gateway
 * serves web/dist and admin-web/dist, rebuilt first when older than their sources (unless `build`
 * is false). On a failed start the last lines the processes logged are in the error.
 */
export async function startE2eStack(name: string, options: E2eStackOptions): Promise<E2eStack> {
  const slug = name.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  const db: TestDatabase = await createTestDatabase(`e2e_${slug}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), `e2e-${slug}-`));
  const lines: string[] = [];
  let stack: RunningStack;
  try {
    stack = await startStack({
      port: 0,
      servicePorts: { catalog: 0, accounts: 0, 'newsletter-support': 0, 'link-validation': 0 },
      databaseUrl: db.url,
      queuePrefix: `e2e-${slug}-${process.pid}`,
      dataDir,
      seedPosts: options.seedPosts,
      workers: options.workers ?? false,
      build: options.build ?? true,
      env: options.env,
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
    async stop() {
      await stack.stop();
      await db.drop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
