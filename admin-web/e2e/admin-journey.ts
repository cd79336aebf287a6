import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startE2eStack, type E2eStack, type E2eStackOptions } from '@celebstyle/deploy/e2e';

export interface AdminJourney {
  /** The running product (set once beforeAll has run). */
  readonly stack: E2eStack;
  readonly browser: Browser;
  /** Signs in at /admin/login as the stack's first super admin and waits for the dashboard. */
  signIn(page: Page): Promise<void>;
}

/**
 * One admin-console test file's setup: the real product on free ports with a throw-away database
 * (20 demo posts, no workers unless `options` asks) and a Chromium, started before the file's tests
 * and stopped after. `options` is read when the stack starts, after the file's earlier beforeAll
 * hooks (a fake server started there can hand the stack its address).
 */
export function adminJourney(
  name: string,
  options: () => Partial<E2eStackOptions> = () => ({}),
): AdminJourney {
  let stack: E2eStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startE2eStack(name, { seedPosts: 20, ...options() });
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  }, 60_000);
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the admin journey has not started (beforeAll)');
    return value;
  };
  return {
    get stack() {
      return started(stack);
    },
    get browser() {
      return started(browser);
    },
    async signIn(page) {
      const { url, stack: running } = started(stack);
      await page.goto(`${url}/admin/login`);
      await page.getByLabel('Username').fill(running.admin.username);
      await page.getByLabel('Password').fill(running.admin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    },
  };
}
