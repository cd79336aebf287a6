import type { Page } from 'playwright-core';
import type { E2eStack } from '@celebstyle/deploy/e2e';

/** Signs in at /admin/login as the stack's first super admin and waits for the dashboard. */
export async function signIn(page: Page, stack: E2eStack): Promise<void> {
  await page.goto(`${stack.url}/admin/login`);
  await page.getByLabel('Username').fill(stack.stack.admin.username);
  await page.getByLabel('Password').fill(stack.stack.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}
