import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AdminPost, AdminPostListAnswer, PostImportAnswer } from '@celebstyle/contracts';
import { adminJourney } from './admin-journey.ts';
import { chooseOption, selectNamed } from './choose-option.ts';

// admin.md §2 Post Management, §4 Post status: the screen in real Chromium against the real product
// (every service on free ports, a throw-away database); what it changes is read back from the
// catalog's admin answers and from the storefront's public ones.
const journey = adminJourney();

/** A call of the admin API with the signed-in admin's token, from the page. */
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

/** The storefront's answer for a post: 200 when the public sees it, 404 when it does not. */
async function publicStatus(id: string): Promise<number> {
  const res = await fetch(`${journey.stack.url}/api/posts/${id}`);
  await res.body?.cancel();
  return res.status;
}

/** Imports pending posts titled `E2E Look n` (an import makes new posts pending) and returns their ids by n. */
async function importPending(page: Page, count: number): Promise<string[]> {
  const rows = Array.from({ length: count }, (_, i) => ({
    url: `https://wornontv.net/e2e-look-${i + 1}/`,
    title: `E2E Look ${i + 1}`,
    description: 'Imported for the posts journey',
    celebrity: 'Kyle Richards',
    show: 'The Real Housewives of Beverly Hills',
    brand: 'Zara',
    productType: 'Dress',
    platform: 'wornontv',
    affiliateLinks: [{ text: `Look ${i + 1} Dress $49`, url: `https://shop.example/look-${i + 1}` }],
  }));
  const answer = await adminCall<PostImportAnswer>(page, '/posts/import', { method: 'POST', body: rows });
  expect(answer.created).toBe(count);
  const list = await adminCall<AdminPostListAnswer>(
    page,
    '/posts?status=pending&search=E2E%20Look&limit=100',
  );
  return rows.map((row) => list.posts.find((p) => p.title === row.title)!._id);
}

const rowOf = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`${title}\\b`) }) });

async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // the shell's Online indicator is not part of this screen (its contrast is the shell's to fix)
  const { violations } = await new AxeBuilder({ page })
    .exclude('.online')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} (${v.impact}) on ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('Post Management (Chromium)', () => {
  it('approves, rejects with a reason, bulk-hides and unhides; the storefront follows each change', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // a step that cannot happen fails with its locator instead of the whole test timing out
    page.setDefaultTimeout(20_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);
    const [look1, look2, look3] = await importPending(page, 3);
    for (const id of [look1!, look2!, look3!]) expect(await publicStatus(id)).toBe(404);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('heading', { name: 'Post Management' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('E2E Look');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.waitForURL(/search=E2E\+Look/);
    await page.getByRole('table', { name: 'Posts (3)' }).waitFor();

    // approve two pending posts: the public answers them now
    for (const title of ['E2E Look 1', 'E2E Look 3']) {
      await rowOf(page, title).getByRole('button', { name: 'Approve' }).click();
      await rowOf(page, title).waitFor({ state: 'detached' });
    }
    expect(await publicStatus(look1!)).toBe(200);
    expect(await publicStatus(look3!)).toBe(200);

    // reject one with a reason
    await rowOf(page, 'E2E Look 2')
      .getByRole('button', { name: /^More actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Reject' }).click();
    const reject = page.getByRole('dialog', { name: 'Reject Post' });
    await reject
      .getByPlaceholder('Please provide a reason for rejection...')
      .fill('Wrong brand in the photo');
    expect(await seriousViolations(page, 'reject dialog')).toEqual([]);
    await reject.getByRole('button', { name: 'Reject' }).click();
    await reject.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Posts (0)' })
      .or(page.getByText('No posts found.'))
      .first()
      .waitFor();
    const rejected = await adminCall<AdminPost>(page, `/posts/${look2}`);
    expect([rejected.status, rejected.rejectionReason]).toEqual(['rejected', 'Wrong brand in the photo']);
    expect(await publicStatus(look2!)).toBe(404);

    // bulk-hide the two approved ones
    await chooseOption(selectNamed(page, 'Status'), 'approved');
    await page.waitForURL(/status=approved/);
    await page.getByRole('table', { name: 'Posts (2)' }).waitFor();
    await page.getByRole('checkbox', { name: 'Select All' }).click();
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByText('2 selected').waitFor();
    expect(await toolbar.getByRole('button').allInnerTexts()).toEqual([
      'Hide All',
      'Bulk Share',
      'Delete All',
    ]);
    await toolbar.getByRole('button', { name: 'Hide All' }).click();
    await page.getByText('2 posts hidden').waitFor();
    expect(await publicStatus(look1!)).toBe(404);
    expect(await publicStatus(look3!)).toBe(404);

    // unhide one: it comes back as it was (approved) and the public sees it again
    await chooseOption(selectNamed(page, 'Status'), 'hidden');
    await page.getByRole('table', { name: 'Posts (2)' }).waitFor();
    await rowOf(page, 'E2E Look 1')
      .getByRole('button', { name: /^More actions for / })
      .click();
    await page.getByRole('menuitem', { name: 'Unhide' }).click();
    await page.getByRole('table', { name: 'Posts (1)' }).waitFor();
    expect((await adminCall<AdminPost>(page, `/posts/${look1}`)).status).toBe('approved');
    expect(await publicStatus(look1!)).toBe(200);
    expect(await publicStatus(look3!)).toBe(404);

    // a filtered link opens as filtered
    const filtered = page.url();
    await page.goto(filtered);
    await page.getByRole('table', { name: 'Posts (1)' }).waitFor();
    expect(await selectNamed(page, 'Status').innerText()).toContain('hidden');
    expect(await seriousViolations(page, 'posts 1280')).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);

  it('opens /admin/posts?id=… in its edit dialog and stores added links (one without a URL) and a removed one', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    // a step that cannot happen fails with its locator instead of the whole test timing out
    page.setDefaultTimeout(20_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);
    const list = await adminCall<AdminPostListAnswer>(page, '/posts?status=approved&limit=1');
    const post = list.posts[0]!;
    const before = post.affiliateLinks;
    expect(before.length).toBeGreaterThan(0);

    await page.goto(`${journey.stack.url}/admin/posts?id=${post._id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit Post' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe(post.title);
    await dialog.getByText('Use Approve/Reject buttons to change status').waitFor();
    expect(await seriousViolations(page, 'edit dialog 375')).toEqual([]);

    await dialog.getByLabel('New link text').fill('Gold Hoops $12.34');
    await dialog.getByLabel('New link product URL (optional)').fill('https://shop.example/gold-hoops');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    // admin.md §2: realUrl is optional, a link with its text alone is stored too
    await dialog.getByLabel('New link text').fill('Matching Belt $20');
    await dialog.getByRole('button', { name: 'Add Link' }).click();
    await dialog.getByRole('button', { name: 'Remove link 1' }).click();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.get('id')).toBeNull();

    const after = (await adminCall<AdminPost>(page, `/posts/${post._id}`)).affiliateLinks;
    expect(after.map((l) => l.text)).toEqual([
      ...before.slice(1).map((l) => l.text),
      'Gold Hoops $12.34',
      'Matching Belt $20',
    ]);
    expect(after.at(-2)).toMatchObject({ realUrl: 'https://shop.example/gold-hoops' });
    expect(after.at(-1)).toMatchObject({ url: '#', realUrl: null });
    expect(after.slice(-2).every((l) => !l._id.startsWith('temp-'))).toBe(true);
    expect(after.some((l) => l._id === before[0]!._id)).toBe(false);

    // the list at phone width: axe clean, no sideways page scroll
    await page.getByRole('table', { name: /^Posts \(/ }).waitFor();
    expect(await seriousViolations(page, 'posts 375')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(pageErrors).toEqual([]);
    await context.close();
  }, 180_000);
});
