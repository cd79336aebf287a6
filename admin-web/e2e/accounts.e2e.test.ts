import type { Locator, Page } from 'playwright-core';
import type { AdminPostStats } from '@celebstyle/contracts';
import { describe, expect, it } from 'vitest';
import { adminJourney } from './admin-journey.ts';
import { seriousA11yViolations } from './axe.ts';

// admin.md §2 Admin Accounts, §4, §5, §8: the accounts screen in real Chromium against the real
// product (every service on free ports, a throw-away database). The stack is shared with other
// files: counts are read from the API, not assumed.
const journey = adminJourney();

/** An admin API answer, asked with the signed-in page's token. */
function adminGet<T>(page: Page, pathName: string): Promise<T> {
  return page.evaluate(async (pathName) => {
    const token = localStorage.getItem('adminAccessToken');
    const res = await fetch(`/api/admin${pathName}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${pathName}: ${res.status}`);
    return (await res.json()) as T;
  }, pathName);
}

/** The status code of a sign-in straight against the API (403 means: right password, inactive account). */
async function loginStatus(username: string, password: string): Promise<number> {
  const res = await fetch(`${journey.stack.url}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return res.status;
}

describe('Admin Accounts (Chromium)', () => {
  it('creates, finds, deactivates, resets the password of and deletes an admin', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // the questions asked before a deactivation or deletion, each answered with its action
    const confirms: string[] = [];
    const answer = async (action: string) => {
      const ask = page.getByRole('alertdialog');
      confirms.push(await ask.locator('p').first().innerText());
      await ask.getByRole('button', { name: action }).click();
      await ask.waitFor({ state: 'detached' });
    };
    /** Chooses `item` from the More menu of a row (the row's actions other than Edit). */
    const choose = async (row: Locator, item: string) => {
      await row.getByRole('button', { name: /^More actions for / }).click();
      await page.getByRole('menuitem', { name: item }).click();
    };
    await journey.signIn(page);

    // admin.md §2 Dashboard: the catalog's post statistics and, for a super admin, the accounts
    // statistics.
    const { total: posts } = await adminGet<AdminPostStats>(page, '/posts/stats');
    expect(posts).toBeGreaterThanOrEqual(20);
    const postStats = page.getByRole('region', { name: 'Post Statistics' });
    await postStats
      .locator('.stat-total dd')
      .first()
      .filter({ hasText: String(posts) })
      .waitFor();
    const adminStats = page.getByRole('region', { name: 'Admin Statistics' });
    await adminStats.getByText('Total Admins').waitFor();
    expect(await seriousA11yViolations(page, 'dashboard')).toEqual([]);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL(`${journey.stack.url}/admin/accounts`);
    await page.getByRole('heading', { name: 'Admin Accounts', level: 1 }).waitFor();
    await page.getByText('Manage admin users and permissions').waitFor();
    const admins = (await adminGet<{ pagination: { totalAdmins: number } }>(page, '/accounts')).pagination
      .totalAdmins;
    await page.getByRole('heading', { name: `Admin Accounts (${admins})` }).waitFor();
    await page.getByText(`Showing 1 to ${admins} of ${admins} admins`).waitFor();

    // The signed-in super admin's own row: (You), Super Admin, Active, Deactivate disabled.
    const rowOf = (username: string) =>
      page.getByRole('row').filter({ has: page.getByText(username, { exact: true }) });
    const me = rowOf(journey.stack.admin.username);
    await me.getByText('(You)').waitFor();
    await me.getByText('Super Admin', { exact: true }).waitFor();
    await me.getByRole('button', { name: /^More actions for / }).click();
    expect(await page.getByRole('menuitem', { name: 'Deactivate' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');

    // Create editor1: a too-short password is caught before any request, then it goes through.
    await page.getByRole('button', { name: 'Add New Admin' }).click();
    const create = page.getByRole('dialog', { name: 'Create New Admin' });
    await create.getByLabel('Username').fill('editor1');
    await create.getByLabel('Email').fill('Editor1@Example.com');
    await create.getByLabel('Password', { exact: true }).fill('short');
    await create.getByLabel('Confirm Password').fill('short');
    await create.getByRole('button', { name: 'Create Admin' }).click();
    await create.getByText('Password must be at least 8 characters long').waitFor();
    await create.getByLabel('Password', { exact: true }).fill('first-password-1');
    await create.getByLabel('Confirm Password').fill('first-password-1');
    await create.getByRole('button', { name: 'Create Admin' }).click();
    await create.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Admin account created: editor1' }).waitFor();
    await page.getByRole('heading', { name: `Admin Accounts (${admins + 1})` }).waitFor();

    // Search for it: only editor1 is listed (e-mail stored in lower case, never signed in).
    await page.getByRole('searchbox', { name: 'Search admins' }).fill('editor');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('heading', { name: 'Admin Accounts (1)' }).waitFor();
    const editor = rowOf('editor1');
    await editor.getByText('editor1@example.com').waitFor();
    expect(await editor.getByRole('cell').allInnerTexts()).toEqual([
      'Admin',
      'Active',
      expect.any(String),
      'Never',
      'Edit\nMore ▾',
    ]);
    expect(await page.getByRole('button', { name: 'Clear' }).isVisible()).toBe(true);
    // at desktop width Edit and the More menu stay on one line and the table needs no sideways scroll
    const actionTops = await editor
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(actionTops).toHaveLength(2);
    expect(new Set(actionTops).size).toBe(1);
    await editor.getByRole('button', { name: 'More actions for editor1' }).click();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      'Reset Password',
      'Deactivate',
      'Delete',
    ]);
    await page.keyboard.press('Escape');
    expect(await page.locator('.accounts-scroll').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(
      true,
    );
    expect(await seriousA11yViolations(page, 'accounts')).toEqual([]);

    // Deactivate after the confirmation.
    await choose(editor, 'Deactivate');
    await answer('Deactivate');
    await editor.getByText('Inactive', { exact: true }).waitFor();
    await editor.getByRole('button', { name: /^More actions for / }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).waitFor();
    await page.keyboard.press('Escape');
    expect(confirms).toEqual(['Are you sure you want to deactivate the admin account for editor1?']);

    // Reset its password: the new one is the right one (403: right password, inactive account).
    await choose(editor, 'Reset Password');
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByLabel('New Password', { exact: true }).fill('second-password-2');
    await reset.getByLabel('Confirm New Password').fill('second-password-2');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Password reset: editor1' }).waitFor();
    expect(await loginStatus('editor1', 'second-password-2')).toBe(403);
    expect(await loginStatus('editor1', 'first-password-1')).toBe(401);

    // Usable on a phone: the page itself does not scroll sideways; the table scrolls in its box.
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const box = page.locator('.accounts-scroll');
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Delete after the confirmation; the search now finds nobody, Clear brings back the full list.
    await choose(editor, 'Delete');
    await answer('Delete');
    await page.getByText('No admins match your search.').waitFor();
    await page.getByRole('status').filter({ hasText: 'Admin account deleted: editor1' }).waitFor();
    expect(confirms.at(-1)).toBe(
      'Are you sure you want to delete the admin account for editor1? This action cannot be undone.',
    );
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('heading', { name: `Admin Accounts (${admins})` }).waitFor();
    await me.getByText('(You)').waitFor();
    expect(await loginStatus('editor1', 'second-password-2')).toBe(401);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
