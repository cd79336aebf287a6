import { execFileSync } from 'node:child_process';
import {
  startE2eStack as startThrowawayStack,
  type E2eStack as ThrowawayStack,
} from '@celebstyle/deploy/e2e';

export type E2eStack = ThrowawayStack & { stopCatalog(): void };

/**
 * The real product for a web test file (@celebstyle/deploy/e2e), able to lose its catalog. With
 * `workers`, the background workers run too (the catalog worker stores link health events); `env`
 * goes to every process (e.g. SMTP_URL for the e-mail worker).
 */
export async function startE2eStack(
  name: string,
  seedPosts = 240,
  { workers = false, env }: { workers?: boolean; env?: Record<string, string> } = {},
): Promise<E2eStack> {
  const e2e = await startThrowawayStack(`web_${name}`, { seedPosts, workers, env });
  return {
    ...e2e,
    /**
     * Kills the catalog service we started (found by its port), to check the home fallbacks. Killed,
     * not asked to stop: a catalog shutting down gracefully still answers the gateway's open
     * connections for a while, and a page rendered then rightly shows its data.
     */
    stopCatalog() {
      const port = new URL(e2e.stack.services.catalog!).port;
      const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
      for (const pid of new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1]))))
        process.kill(pid, 'SIGKILL');
    },
  };
}
