import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  addressesOf,
  launchChromium,
  startE2eStack,
  type E2eStackOptions,
  type StackAddresses,
} from '@celebstyle/deploy/e2e';
import { sharedStack } from './support/shared-stack.ts';

export interface AdminJourney {
  /** The running product (set once beforeAll has run). */
  readonly stack: StackAddresses;
  readonly browser: Browser;
  /** Signs in at /admin/login as the stack's first super admin and waits for the dashboard. */
  signIn(page: Page): Promise<void>;
}

type RunningProduct = { addresses: StackAddresses; stop(): Promise<void> };

/**
 * One admin-console test file's setup on the e2e project's shared stack (20 demo posts, no
 * workers): a Chromium of its own, started before the file's tests and closed after.
 */
export function adminJourney(): AdminJourney {
  return journeyOn(async () => ({ addresses: sharedStack(), stop: async () => {} }));
}

/**
 * One admin-console test file's setup on a stack of its own, for a file that needs what the shared
 * one has not (workers, settings in `options`): the real product on free ports with a throw-away
 * database (20 demo posts) and a Chromium. `options` is read when the stack starts, after the
 * file's earlier beforeAll hooks (a fake server started there can hand the stack its address). The
 * file goes in the e2e-own-stack project (vite.config.ts).
 */
export function ownStackJourney(
  name: string,
  options: () => Partial<E2eStackOptions> = () => ({}),
): AdminJourney {
  return journeyOn(async () => {
    const e2e = await startE2eStack(name, { seedPosts: 20, ...options() });
    return { addresses: addressesOf(e2e), stop: () => e2e.stop() };
  });
}

function journeyOn(start: () => Promise<RunningProduct>): AdminJourney {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = await start();
    browser = await launchChromium();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  }, 60_000);
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the admin journey has not started (beforeAll)');
    return value;
  };
  return {
    get stack() {
      return started(product).addresses;
    },
    get browser() {
      return started(browser);
    },
    async signIn(page) {
      const { url, admin } = started(product).addresses;
      await page.goto(`${url}/admin/login`);
      await page.getByLabel('Username').fill(admin.username);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    },
  };
}
