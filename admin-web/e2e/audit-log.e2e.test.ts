import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminPostListAnswer, AuditLogAnswer, PostImportAnswer } from '@celebstyle/contracts';
import { ownStackJourney } from './admin-journey.ts';
import { chooseOption, selectNamed } from './choose-option.ts';

// The audit log end to end: catalog records the approval in its outbox, the accounts worker stores
// it in the one audit log, and the console shows it on the Audit Log screen and in the post's
// details. Workers run: the entry travels through the audit-events queue.
const journey = ownStackJourney('admin_audit_log', () => ({ workers: true }));

function adminCall<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const token = localStorage.getItem('adminAccessToken');
      const res = await fetch(`/api/admin${path}`, {
        method: method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    { path, method: init.method, body: init.body },
  );
}

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).exclude('.online').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const rowOf = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`${title}\\b`) }) });

describe('Audit Log (Chromium)', () => {
  it('shows an approval on the Audit Log screen and in the post’s history', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);
    const admin = journey.stack.admin.username;

    const imported = await adminCall<PostImportAnswer>(page, '/posts/import', {
      method: 'POST',
      body: [
        {
          url: 'https://wornontv.net/audit-look/',
          title: 'Audit Look',
          celebrity: 'Kyle Richards',
          show: 'The Real Housewives of Beverly Hills',
          brand: 'Zara',
          productType: 'Dress',
          platform: 'wornontv',
          affiliateLinks: [{ text: 'Audit Dress $49', url: 'https://shop.example/audit-look' }],
        },
      ],
    });
    expect(imported.created).toBe(1);
    const list = await adminCall<AdminPostListAnswer>(page, '/posts?status=pending&search=Audit%20Look');
    const postId = list.posts[0]!._id;

    // approve it on Post Management
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Audit Look');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByRole('table', { name: 'Posts (1)' }).waitFor();
    await rowOf(page, 'Audit Look').getByRole('button', { name: 'Approve' }).click();
    await rowOf(page, 'Audit Look').waitFor({ state: 'detached' });

    // the entry reaches the audit log through the queue and the accounts worker
    const history = `/audit-log?targetType=post&targetId=${postId}`;
    await expect
      .poll(async () => (await adminCall<AuditLogAnswer>(page, history)).entries.map((e) => e.action), {
        timeout: 20_000,
      })
      .toContain('post.approve');

    // the Audit Log screen lists it, newest first, with who and the status change
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    const approval = table
      .getByRole('row')
      .filter({ hasText: 'Approved post' })
      .filter({ hasText: 'Audit Look' });
    await approval.waitFor();
    await expect.poll(() => approval.innerText()).toContain(admin);
    await expect.poll(() => approval.innerText()).toMatch(/status: pending\s*→\s*approved/);
    // the import and this sign-in are there too
    await table.getByRole('row').filter({ hasText: 'Imported posts' }).first().waitFor();
    await table.getByRole('row').filter({ hasText: 'Signed in' }).first().waitFor();
    // filtered by action, only approvals remain
    await chooseOption(selectNamed(page, 'Action'), 'Approved post');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Signed in' }).count()).toBe(0);
    await approval.waitFor();
    expect(await seriousViolations(page, 'audit log 1280')).toEqual([]);

    // a super admin exports the filtered entries as CSV
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).split('\n').filter((line) => line !== '');
    expect(lines[0]).toBe(
      'occurredAt,actorId,actorUsername,action,targetType,targetId,targetLabel,changes,batchId,service',
    );
    expect(lines.slice(1).every((line) => line.includes(',post.approve,'))).toBe(true);
    expect(lines.some((line) => line.includes(`,post,${postId},Audit Look,`))).toBe(true);

    // the post's details dialog shows its history
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click();
    await chooseOption(selectNamed(page, 'Status'), 'approved');
    await page.getByRole('searchbox', { name: 'Search' }).fill('Audit Look');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByRole('table', { name: 'Posts (1)' }).waitFor();
    // An approved post's row leads with Edit; View is in its More menu.
    await rowOf(page, 'Audit Look')
      .getByRole('button', { name: /^More actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: 'Post Details' });
    const postHistory = details.getByRole('region', { name: 'History' });
    await postHistory.getByText('Approved post').waitFor();
    await expect.poll(() => postHistory.innerText()).toContain(`by ${admin}`);
    await expect.poll(() => postHistory.innerText()).toMatch(/status: pending\s*→\s*approved/);
    expect(await seriousViolations(page, 'post details with history')).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 240_000);
});
