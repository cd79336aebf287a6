import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Waits until React has taken over the server-rendered page: a click, key or typed value before
 * that is lost (a form would be sent by the browser itself, or its fields reset by hydration).
 */
export async function hydrated(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
}
