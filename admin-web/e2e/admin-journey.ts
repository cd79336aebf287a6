import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startE2eStack, type E2eStack } from '@celebstyle/deploy/e2e';

export interface AdminJourney {
  /** The running product (set once beforeAll has run). */
  readonly stack: E2eStack;
  readonly browser: Browser;
  /** Signs in at /admin/login as the stack's first super admin and waits for the dashboard. */
  signIn(page: Page): Promise<void>;
}

/**
 * One admin-console test file's setup: the real product on free ports with a throw-away database
 * (20 demo posts, no workers) and a Chromium, started before the file's tests and stopped after.
 */
export function adminJourney(name: string): AdminJourney {
  let stack: E2eStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    stack = await startE2eStack(name, { seedPosts: 20 });
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
