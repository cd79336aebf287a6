import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPost } from '@celebstyle/contracts';
import { createPool } from '@celebstyle/db';
import { adminJourney } from './admin-journey.ts';

// link-health-and-routes.md §2.2, §2.3, §4, §8: the Link Validation screen in real Chromium against
// the real product. The journey starts no workers, so the link verdicts are written into the
// link-validation service's projection tables as its post-events consumer and checker would, for
// posts that exist in the catalog (the bulk actions moderate them there).
const journey = adminJourney('admin_link_validation');

interface SeededPost {
  id: string;
  title: string;
  statuses: string[];
}
let posts: SeededPost[] = [];
const BROKEN_LINKS = 3;

async function seedLinkHealth(databaseUrl: string): Promise<SeededPost[]> {
  const pool = createPool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string; title: string }>(
      `select id, title from catalog.posts where status = 'approved' order by created_at desc limit 6`,
    );
    // posts 0 and 1: a 404 beside an active link; post 2: an invalid link; posts 3 to 5: all active
    const plan = [
      ['404', 'active'],
      ['404', 'active'],
      ['invalid'],
      ['active'],
      ['active', 'active'],
      ['active'],
    ];
    const seeded: SeededPost[] = [];
    for (const [index, row] of rows.entries()) {
      const statuses = plan[index] ?? ['active'];
      await pool.query(
        `insert into link_validation.posts
           (id, version, title, status, platform, celebrity, show, brand, product_type, main_image,
            enhanced_image, post_created_at, updated_at)
         select id, 1, title, status, platform, celebrity, show, brand, product_type, main_image,
                enhanced_image, created_at, now()
         from catalog.posts where id = $1`,
        [row.id],
      );
      for (const [linkIndex, status] of statuses.entries()) {
        const broken = status !== 'active';
        await pool.query(
          `insert into link_validation.links
             (id, post_id, link_index, link_text, original_url, clean_url, link_status, confidence,
              http_status, final_url, retailer, stock_status, price, currency, response_time,
              error_message, recommendation, validation_count, last_checked, next_check_at,
              created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'Demo Shop', $11, 49.5, null, 120, $12,
                   $13, 3, now() - interval '1 hour', now() + interval '1 day', now(), now())`,
          [
            randomUUID(),
            row.id,
            linkIndex,
            `Shop link ${linkIndex + 1}`,
            `https://shop-demo.localhost/p/${row.id}/${linkIndex}?utm_source=x`,
            `https://shop-demo.localhost/p/${row.id}/${linkIndex}`,
            status,
            broken ? 0.9 : 0.95,
            broken ? (status === '404' ? 404 : null) : 200,
            `https://shop-demo.localhost/p/${row.id}/${linkIndex}`,
            broken ? null : 'in_stock',
            broken ? 'Page not found' : null,
            broken ? 'both_broken' : 'use_cleaned_url',
          ],
        );
      }
      seeded.push({ id: row.id, title: row.title, statuses });
    }
    return seeded;
  } finally {
    await pool.end();
  }
}

beforeAll(async () => {
  posts = await seedLinkHealth(journey.stack.stack.databaseUrl);
  expect(posts).toHaveLength(6);
}, 60_000);

const seeded = (index: number): SeededPost => {
  const post = posts[index];
  if (!post) throw new Error(`no seeded post ${index}`);
  return post;
};
const rowOf = (page: Page, title: string) =>
  page.locator('table.lv-table tbody tr').filter({ has: page.getByRole('rowheader', { name: title }) });
const tableRows = (page: Page) => page.locator('table.lv-table tbody tr');

// the screen's own markup; the shell around it (sidebar, header) is checked by its own tests
async function seriousViolations(page: Page, scope = '.lv-page'): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include(scope)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

async function adminGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('adminAccessToken'));
  const res = await fetch(`${journey.stack.url}/api${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('Link Validation (Chromium)', () => {
  it('filters to Broken Links, keeps the view in the URL, exports it, changes a link and hides posts', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Link Validation' })
      .click();
    await page.getByRole('heading', { name: 'Link Validation Results' }).waitFor();
    // default: active links, newest post first; the post with only an invalid link is not listed
    await rowOf(page, seeded(0).title).waitFor();
    expect(await tableRows(page).count()).toBe(5);
    expect(await page.getByLabel('Link Status').inputValue()).toBe('active');
    await page
      .getByText('No link health history yet.')
      .or(page.getByText('Link health history is not available yet.'))
      .or(page.locator('.lv-chart svg'))
      .first()
      .waitFor();
    const statsTotal = page.getByRole('list', { name: 'Link statistics' }).getByRole('listitem').first();
    await statsTotal.getByText('9').waitFor();

    // Broken Links: three posts; the URL carries the filter without a new history entry
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Broken Links' }).click();
    await page.waitForURL((url) => url.searchParams.get('linkStatus')?.startsWith('404,invalid') === true);
    await expect.poll(() => tableRows(page).count(), { timeout: 10_000 }).toBe(3);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await page.getByRole('button', { name: 'Broken Links' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Clear All Filters' }).waitFor();

    // sort by Post title: a new field starts descending, the same field toggles (URL follows)
    const postHeader = page.getByRole('columnheader', { name: /^Post/ });
    const titles = () => page.locator('table.lv-table tbody .lv-title').allInnerTexts();
    await postHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'postTitle');
    await expect.poll(() => postHeader.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(async () => (await titles()).join('|')).not.toBe('');
    const descending = await titles();
    await postHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === 'asc');
    await expect.poll(titles, { timeout: 10_000 }).toEqual([...descending].reverse());
    await postHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === null);
    await expect.poll(titles, { timeout: 10_000 }).toEqual(descending);

    // a reload opens the same view from the URL
    const viewUrl = page.url();
    await page.reload();
    await page.getByRole('heading', { name: 'Link Validation Results' }).waitFor();
    await expect.poll(() => tableRows(page).count(), { timeout: 10_000 }).toBe(3);
    expect(page.url()).toBe(viewUrl);
    expect(await page.getByRole('button', { name: 'Broken Links' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('columnheader', { name: /^Post/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    // Export CSV: the broken links of the view, one row each after the header
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^link-validation-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.split('\r\n').filter((line) => line !== '');
    const header = (lines[0] ?? '').split(',');
    expect(header.slice(0, 2)).toEqual(['postId', 'postTitle']);
    expect(header).toContain('linkStatus');
    expect(lines).toHaveLength(1 + BROKEN_LINKS);

    expect(await seriousViolations(page)).toEqual([]);

    // details of the first post: change its 404 link to Active
    await rowOf(page, seeded(0).title).getByRole('button', { name: 'Links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link Validation Details' });
    await dialog.getByRole('heading', { name: seeded(0).title }).waitFor();
    const firstLink = dialog.getByRole('listitem', { name: 'Link 1' });
    await firstLink.getByText('Both URLs are broken - link needs replacement').waitFor();
    expect(await seriousViolations(page, '.lv-dialog')).toEqual([]);
    await firstLink.getByLabel('Status of link 1').selectOption('active');
    await page.getByText('Link Status Updated').waitFor();
    await firstLink.getByText('Status Changed').waitFor();
    await firstLink.locator('.lv-badge', { hasText: 'Active' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the post has no broken link any more: it leaves the Broken Links view
    await expect.poll(() => tableRows(page).count(), { timeout: 10_000 }).toBe(2);

    // select the other two broken posts and hide them from the selection bar
    for (const post of [seeded(1), seeded(2)]) await rowOf(page, post.title).getByRole('checkbox').click();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByText('2 post(s) selected').waitFor();
    expect(await bar.getByRole('button').allInnerTexts()).toEqual([
      'Reject',
      'Pending',
      'Hide',
      'Clear selection',
    ]);
    await bar.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('Bulk operation completed').waitFor();
    await bar.waitFor({ state: 'detached' });
    for (const post of [seeded(1), seeded(2)]) {
      const answer = await adminGet<AdminPost>(page, `/admin/posts/${post.id}`);
      expect(answer.status).toBe('hidden');
    }

    // on a phone: no serious axe violation, the page does not scroll sideways
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
