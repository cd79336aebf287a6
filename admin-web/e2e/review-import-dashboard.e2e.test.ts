import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminPostListAnswer, AdminPostStats, PostImportAnswer } from '@celebstyle/contracts';
import { adminJourney } from './admin-journey.ts';
import { seriousA11yViolations } from './axe.ts';
import { chooseOption, selectNamed } from './choose-option.ts';

// The review queue (Posts shortcuts, Undo, select all matching), the Import Posts screen and the
// Dashboard's tiles, in real Chromium against the real product (every service on free ports, a
// throw-away database); what they change is read back from the catalog's admin answers.
const journey = adminJourney();

function adminCall<T>(
  page: Page,
  pathName: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return page.evaluate(
    async ({ pathName, method, body }) => {
      const token = localStorage.getItem('adminAccessToken');
      const res = await fetch(`/api/admin${pathName}`, {
        method: method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${pathName}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { pathName, method: init.method, body: init.body },
  );
}

const look = (tag: string, n: number | string) => ({
  url: `https://wornontv.net/${tag.toLowerCase().replace(/\s+/g, '-')}-${n}/`,
  title: `${tag} ${n}`,
  celebrity: 'Kyle Richards',
  show: 'The Real Housewives of Beverly Hills',
  brand: 'Zara',
  productType: 'Dress',
  platform: 'wornontv',
  affiliateLinks: [{ text: `${tag} ${n} Dress $49`, url: `https://shop.example/${n}` }],
});

async function statusesOf(page: Page, search: string) {
  const list = await adminCall<AdminPostListAnswer>(
    page,
    `/posts?status=all&search=${encodeURIComponent(search)}&limit=100&sortBy=title&sortOrder=asc`,
  );
  return Object.fromEntries(list.posts.map((p) => [p.title, p.status]));
}

async function openPage(width = 1280) {
  const context = await journey.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  // a step that cannot happen fails with its locator instead of the whole test timing out
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await journey.signIn(page);
  return { context, page, pageErrors };
}

describe('Import Posts (Chromium)', () => {
  it('previews an NDJSON file with its row errors, imports it with the counts, and a second time changes nothing', async () => {
    const { context, page, pageErrors } = await openPage();
    const folder = await mkdtemp(path.join(tmpdir(), 'admin-import-'));
    const file = path.join(folder, 'looks.ndjson');
    const rows = [
      look('Imported Look', 1),
      look('Imported Look', 2),
      { ...look('Imported Look', 3), platform: 'tiktok' },
      look('Imported Look', 4),
    ];
    await writeFile(file, rows.map((row) => JSON.stringify(row)).join('\n'));

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Import', exact: true })
      .click();
    await page.getByRole('heading', { name: 'Import Posts', level: 1 }).waitFor();
    expect(await seriousA11yViolations(page, 'import, empty')).toEqual([]);
    await page.getByLabel('File (JSON or NDJSON)').setInputFiles(file);
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText('looks.ndjson').waitFor();
    expect(await preview.locator('.import-summary').innerText()).toBe(
      'looks.ndjson: 4 rows, 3 ready to import, 1 row with errors (skipped)',
    );
    await preview.getByText('platform must be one of: bigblondehair, wornontv').waitFor();
    expect(await seriousA11yViolations(page, 'import, preview')).toEqual([]);

    await preview.getByRole('button', { name: 'Import 3 posts' }).click();
    const result = page.getByRole('region', { name: 'Result' });
    await result.waitFor();
    await result.getByRole('status').getByText('3 of 3 posts sent').waitFor();
    const counts = async () =>
      (await result.locator('.import-counts > div').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    expect(await counts()).toEqual(['Created 3', 'Updated 0', 'Unchanged 0', 'Skipped 1']);
    expect(await result.getByRole('table', { name: 'Skipped rows' }).innerText()).toContain(
      'platform must be one of: bigblondehair, wornontv',
    );
    expect(await seriousA11yViolations(page, 'import, result')).toEqual([]);
    expect(await statusesOf(page, 'Imported Look')).toEqual({
      'Imported Look 1': 'pending',
      'Imported Look 2': 'pending',
      'Imported Look 4': 'pending',
    });

    // the same file again: every post is known and the same
    await page.reload();
    await page.getByLabel('File (JSON or NDJSON)').setInputFiles(file);
    await page.getByRole('button', { name: 'Import 3 posts' }).click();
    await page.getByRole('region', { name: 'Result' }).getByText('3 of 3 posts sent').waitFor();
    expect(await counts()).toEqual(['Created 0', 'Updated 0', 'Unchanged 3', 'Skipped 1']);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('Review queue (Chromium)', () => {
  it('reviews with the keyboard, undoes an approve, and approves every matching post then undoes that too', async () => {
    const { context, page, pageErrors } = await openPage();
    const answer = await adminCall<PostImportAnswer>(page, '/posts/import', {
      method: 'POST',
      body: Array.from({ length: 23 }, (_, i) => look('Queue Look', String(i + 1).padStart(2, '0'))),
    });
    expect(answer.created).toBe(23);

    await page.goto(`${journey.stack.url}/admin/posts?search=Queue+Look&sortBy=title&sortOrder=asc`);
    const table = page.getByRole('table', { name: 'Posts (23)' });
    await table.waitFor();
    const active = page.locator('tr[aria-current="true"] .post-title');
    expect(await active.innerText()).toBe('Queue Look 01');

    // ? lists the keys; keys typed in a field are text, not shortcuts
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    expect(await seriousA11yViolations(page, 'shortcuts dialog')).toEqual([]);
    await page.keyboard.press('a');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Search' }).press('a');
    await page.getByRole('searchbox', { name: 'Search' }).press('Backspace');
    await page.locator('h1').click();

    // J moves, A approves and the next post takes its place; Undo puts it back in review
    await page.keyboard.press('j');
    expect(await active.innerText()).toBe('Queue Look 02');
    await page.keyboard.press('a');
    const toast = page.locator('.toast-undo').filter({ hasText: 'Post approved' });
    // the pointer on the toasts keeps them open, as for a person reading one, while the checks
    // below run (slow on a busy machine; the Undo window is 10 s)
    await toast.hover();
    await page.getByRole('table', { name: 'Posts (22)' }).waitFor();
    expect(await active.innerText()).toBe('Queue Look 03');
    expect((await statusesOf(page, 'Queue Look'))['Queue Look 02']).toBe('approved');
    expect(Object.values(await statusesOf(page, 'Queue Look')).filter((s) => s !== 'pending')).toHaveLength(
      1,
    );
    expect(await seriousA11yViolations(page, 'posts with an undo toast')).toEqual([]);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Undone').waitFor();
    await page.getByRole('table', { name: 'Posts (23)' }).waitFor();
    expect((await statusesOf(page, 'Queue Look'))['Queue Look 02']).toBe('pending');

    // R asks for a reason
    await page.locator('h1').click();
    await page.keyboard.press('r');
    const reject = page.getByRole('dialog', { name: 'Reject Post' });
    await reject.getByPlaceholder('Please provide a reason for rejection...').fill('Wrong show');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('table', { name: 'Posts (22)' }).waitFor();

    // every matching post (22, more than a page of 20): approve them all, then Undo
    await page.getByRole('checkbox', { name: 'Select All' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByRole('button', { name: 'Select all 22 matching' }).click();
    await toolbar.getByText('All 22 matching posts are selected.').waitFor();
    await toolbar.getByText('22 selected').waitFor();
    expect(await seriousA11yViolations(page, 'posts, all matching selected')).toEqual([]);
    await toolbar.getByRole('button', { name: 'Approve All' }).click();
    await page.locator('.toast-undo').filter({ hasText: '22 posts approved' }).hover();
    const afterBulk = await statusesOf(page, 'Queue Look');
    expect(Object.values(afterBulk).filter((s) => s === 'approved')).toHaveLength(22);
    await page
      .locator('.toast-undo')
      .filter({ hasText: '22 posts approved' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await page.getByText('22 posts restored').waitFor();
    const restored = await statusesOf(page, 'Queue Look');
    expect(Object.values(restored).filter((s) => s === 'pending')).toHaveLength(22);
    expect(Object.values(restored).filter((s) => s === 'rejected')).toHaveLength(1);

    // the page size lives in the address
    await chooseOption(selectNamed(page, 'Posts per page'), '50');
    await page.waitForURL(/limit=50/);
    await page.getByRole('table', { name: 'Posts (22)' }).waitFor();
    await expect
      .poll(() => page.getByRole('table', { name: 'Posts (22)' }).getByRole('row').count(), {
        timeout: 20_000,
      })
      .toBe(23);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('Dashboard tiles (Chromium)', () => {
  it('shows pending review, link health, link checks and support waiting, each leading to its screen', async () => {
    const res = await fetch(`${journey.stack.url}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Dana Visitor',
        email: 'dana@example.com',
        subject: 'Technical Issue',
        message: 'The link under the red dress goes to a different shop.',
      }),
    });
    expect(res.status).toBeLessThan(300);
    const { context, page, pageErrors } = await openPage(1024);
    const stats = await adminCall<AdminPostStats>(page, '/posts/stats');

    const review = page.getByRole('region', { name: 'Pending Review' });
    await review.getByText(`${stats.byStatus.pending} posts waiting`).waitFor();
    const support = page.getByRole('region', { name: 'Support Requests Waiting' });
    await support.getByText('Waiting', { exact: true }).waitFor();
    expect(Number(await support.locator('dd.dashboard-big').innerText())).toBeGreaterThanOrEqual(1);
    const checks = page.getByRole('region', { name: 'Link Checks' });
    await checks.getByText('Links due').waitFor();
    const health = page.getByRole('region', { name: 'Link Health' });
    await health.getByText(/^Of [\d,]+ links$/).waitFor();
    const attention = page.getByRole('region', { name: 'Links Needing Attention' });
    // no link checks run in this stack: every live post's links are still unchecked
    await attention.getByText('Every link of the live posts works.').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await seriousA11yViolations(page, 'dashboard tiles 1024')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);

    await review.getByRole('link', { name: 'Review posts' }).click();
    await page.waitForURL(/\/admin\/posts\?status=pending$/);
    await page.getByRole('heading', { name: 'Post Management' }).waitFor();
    await page.goBack();
    await page
      .getByRole('region', { name: 'Link Health' })
      .getByRole('link', { name: 'Broken links' })
      .click();
    await page.waitForURL(/\/admin\/link-validation\?linkStatus=404/);
    await page.getByRole('heading', { name: 'Link Validation', level: 1 }).waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
