import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { AdminPostListAnswer } from '@celebstyle/contracts';
import { describe, expect, it } from 'vitest';
import { adminJourney } from './admin-journey.ts';
import { seriousA11yViolations } from './axe.ts';

// Layout and density of the console at the two desktop widths staff use (1280 and 1024 px, 900 px
// high), in real Chromium against the real product: no table scrolls sideways, table headers and
// the bulk bar stay in view while the page scrolls, toasts leave Sign out free, axe stays clean.
// LAYOUT_SCREENSHOTS=<folder> also saves a screenshot of each screen at each width.
const journey = adminJourney();
const WIDTHS = [1280, 1024];
const HEIGHT = 900;

const SCREENS: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  {
    name: 'dashboard',
    path: '/admin',
    ready: (p) => p.getByRole('heading', { name: 'Dashboard' }).waitFor(),
  },
  { name: 'posts', path: '/admin/posts?status=approved', ready: (p) => firstRow(p).waitFor() },
  { name: 'celebrities', path: '/admin/celebrities', ready: (p) => firstRow(p).waitFor() },
  { name: 'shows', path: '/admin/shows', ready: (p) => firstRow(p).waitFor() },
  {
    name: 'link-validation',
    path: '/admin/link-validation',
    ready: (p) => p.getByRole('heading', { name: 'Link Validation', level: 1 }).waitFor(),
  },
  {
    name: 'url-settings',
    path: '/admin/url-settings',
    ready: (p) => p.getByRole('heading', { name: 'URL Cleaning Rules' }).waitFor(),
  },
  { name: 'accounts', path: '/admin/accounts', ready: (p) => firstRow(p).waitFor() },
  {
    name: 'import',
    path: '/admin/import',
    ready: (p) => p.getByRole('heading', { name: 'Import Posts', level: 1 }).waitFor(),
  },
];

const firstRow = (page: Page) => page.getByRole('table').first().getByRole('row').nth(1);

async function screenshot(page: Page, name: string) {
  const folder = process.env.LAYOUT_SCREENSHOTS;
  if (!folder) return;
  await mkdir(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`) });
}

/** Every table whose box is narrower than the table (it would scroll sideways), as 'table: px'. */
const sidewaysTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table) => {
      const box = table.parentElement!;
      const hidden = box.scrollWidth - box.clientWidth;
      const outside = table.getBoundingClientRect().right - document.documentElement.clientWidth;
      const over = Math.max(hidden, outside);
      return over > 1 ? [`${table.className || 'table'}: ${Math.round(over)} px`] : [];
    }),
  );

/** Inputs whose placeholder is wider than the room inside them, as 'placeholder: px'. */
const cutPlaceholders = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')].flatMap((input) => {
      const style = getComputedStyle(input);
      if (style.display === 'none' || input.offsetParent === null) return [];
      canvas.font = style.font;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const over = canvas.measureText(input.placeholder).width - room;
      return over > 1 ? [`'${input.placeholder}': ${Math.round(over)} px`] : [];
    });
  });

/** A call of the admin API with the signed-in admin's token. */
async function adminApi<T>(page: Page, path: string, init: { method?: string; body?: unknown } = {}) {
  const token = await page.evaluate(() => localStorage.getItem('adminAccessToken'));
  const res = await fetch(`${journey.stack.url}/api/admin${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/**
 * What sticks out of an open dialog: any element wider than the room inside the dialog's padding
 * (sideways, where nothing may scroll), and the dialog itself scrolling sideways or leaving the window.
 */
const dialogOverflow = (dialog: Locator) =>
  dialog.evaluate((box) => {
    const style = getComputedStyle(box);
    const rect = box.getBoundingClientRect();
    const left = rect.left + parseFloat(style.paddingLeft);
    const right = rect.right - parseFloat(style.paddingRight);
    const problems: string[] = [];
    if (box.scrollWidth > box.clientWidth)
      problems.push(`scrolls sideways by ${box.scrollWidth - box.clientWidth} px`);
    if (rect.top < 0 || rect.bottom > window.innerHeight)
      problems.push(`is ${Math.round(rect.height)} px tall`);
    for (const element of box.querySelectorAll<HTMLElement>('*')) {
      const r = element.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue; // nothing to see (a visually hidden form field)
      const over = Math.max(left - r.left, r.right - right);
      const name = `${element.tagName.toLowerCase()}.${element.className || ''} '${(element.textContent ?? '').slice(0, 30)}'`;
      if (over > 1) problems.push(`${name} sticks out by ${Math.round(over)} px`);
    }
    return problems;
  });

/** Null when a control of the dialog is wholly in the window, in the dialog's visible box and uncovered; else why not. */
const outOfView = async (dialog: Locator, save: Locator) =>
  save.evaluate(
    (button, box) => {
      const b = button.getBoundingClientRect();
      const d = box!.getBoundingClientRect();
      if (b.top < 0 || b.bottom > window.innerHeight)
        return `outside the window (${Math.round(b.top)}-${Math.round(b.bottom)})`;
      if (b.top < d.top || b.bottom > d.bottom)
        return `outside the dialog (${Math.round(b.top)}-${Math.round(b.bottom)})`;
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return hit === button || button.contains(hit) ? null : `covered by ${hit?.tagName}`;
    },
    await dialog.elementHandle(),
  );

/** Admins with long names and e-mails, so the Accounts table has realistic rows. */
async function addAdmins(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('adminAccessToken'));
  for (const [username, email] of [
    ['moderator.alexandra', 'alexandra.moderator-team@celebstyle-example.com'],
    ['stylist2', 'stylist2@example.com'],
  ]) {
    const res = await fetch(`${journey.stack.url}/api/admin/accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username, email, password: 'a-long-enough-passphrase-9', role: 'admin' }),
    });
    expect(res.status).toBe(201);
  }
}

describe('Layout at 1280 and 1024 px (Chromium)', () => {
  it('fits every table without sideways scrolling and every placeholder in its field, axe clean', async () => {
    const context = await journey.browser.newContext({ viewport: { width: WIDTHS[0]!, height: HEIGHT } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);
    await addAdmins(page);

    const problems: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      for (const screen of SCREENS) {
        await page.goto(`${journey.stack.url}${screen.path}`);
        await screen.ready(page);
        await screenshot(page, `${screen.name}-${width}`);
        problems.push(...(await sidewaysTables(page)).map((p) => `${screen.name} ${width}: ${p}`));
        problems.push(...(await cutPlaceholders(page)).map((p) => `${screen.name} ${width}: ${p}`));
        const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (pageWidth > width) problems.push(`${screen.name} ${width}: page is ${pageWidth} px wide`);
        problems.push(...(await seriousA11yViolations(page, `${screen.name} ${width}`)));
      }
    }
    expect(problems).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the header and the column headings in view while a long table scrolls; toasts leave Sign out free', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1024, height: HEIGHT } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await journey.signIn(page);
    await page.goto(`${journey.stack.url}/admin/celebrities`);
    await firstRow(page).waitFor();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const header = await page.locator('.shell header').boundingBox();
    const heading = await page.getByRole('columnheader', { name: 'Celebrity' }).boundingBox();
    expect(header!.y).toBe(0);
    // the column headings sit right under the header, not scrolled away
    expect(Math.abs(heading!.y - (header!.y + header!.height))).toBeLessThanOrEqual(1);
    await screenshot(page, 'celebrities-scrolled-1024');

    // Posts with rows selected: the bulk bar stays under the header, the headings under the bar
    await page.goto(`${journey.stack.url}/admin/posts?status=approved`);
    await firstRow(page).waitFor();
    await firstRow(page).getByRole('checkbox').click();
    const bulkBar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await bulkBar.getByText('1 selected').waitFor();
    await page.mouse.wheel(0, 1500);
    // rows are low: 20 posts scroll the page by a few hundred pixels, past the bar's own place
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const bar = (await bulkBar.boundingBox())!;
    const postHeading = (await page.getByRole('columnheader', { name: 'Post' }).boundingBox())!;
    expect(Math.abs(bar.y - (header!.y + header!.height))).toBeLessThanOrEqual(1);
    expect(Math.abs(postHeading.y - (bar.y + bar.height))).toBeLessThanOrEqual(1);
    await screenshot(page, 'posts-bulk-scrolled-1024');

    // a toast (a celebrity saved) opens under the header, clear of Sign out
    await page.goto(`${journey.stack.url}/admin/celebrities`);
    await firstRow(page).waitFor();
    const name = await firstRow(page).locator('.entity-name').innerText();
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Celebrity' });
    await dialog.getByLabel('Name').fill(`${name} II`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Celebrity updated' });
    await toast.waitFor();
    await screenshot(page, 'toast-1024');
    const signOut = (await page.getByRole('button', { name: 'Sign out' }).boundingBox())!;
    // measured once its entrance (a slide down from above the window) has ended
    await expect
      .poll(async () => (await toast.boundingBox())!.y, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(signOut.y + signOut.height);
    await context.close();
  });

  it('keeps every dialog inside its padding with Save in view at 1024x768 and 1280x900', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: HEIGHT } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await journey.signIn(page);
    // an approved post with a long show name and a long address in its title (both reach the caption)
    const [post] = (await adminApi<AdminPostListAnswer>(page, '/posts?status=approved&limit=1')).posts;
    const longShow = 'The Real Housewives of Beverly Hills Extended Reunion Special Part Three';
    const longUrl = `https://shop.example.com/collections/${'evening-gowns-'.repeat(8)}silk-maxi?ref=celebstyle`;
    await adminApi(page, `/posts/${post!._id}`, {
      method: 'PUT',
      body: { title: `Silk gown ${longUrl}`, show: longShow },
    });
    const row = page.getByRole('row').filter({ hasText: 'Silk gown' });

    const problems: string[] = [];
    for (const [width, height] of [
      [1024, 768],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      const check = async (dialog: Locator, save: Locator, name: string) => {
        await dialog.waitFor();
        problems.push(...(await dialogOverflow(dialog)).map((p) => `${name} ${width}: ${p}`));
        for (const control of [dialog.getByRole('heading').first(), save]) {
          const hidden = await outOfView(dialog, control);
          if (hidden) problems.push(`${name} ${width}: ${await control.innerText()} is ${hidden}`);
        }
        await screenshot(page, `${name}-${width}`);
      };

      await page.goto(`${journey.stack.url}/admin/posts?status=approved`);
      await row.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Post' });
      await check(edit, edit.getByRole('button', { name: 'Save Changes' }), 'edit-post');
      expect(await edit.getByRole('combobox', { name: 'Show', exact: true }).innerText()).toContain(
        'The Real',
      );
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'detached' });

      await row.getByRole('button', { name: /^More actions for / }).click();
      await page.getByRole('menuitem', { name: 'Share' }).click();
      const share = page.getByRole('dialog', { name: 'Share Post' });
      await share.locator('.share-caption').waitFor();
      expect(await share.locator('.share-caption').innerText()).toContain(longUrl);
      await check(share, share.locator('.buttons').getByRole('button').last(), 'share');
      await page.keyboard.press('Escape');
      await share.waitFor({ state: 'detached' });

      await page.goto(`${journey.stack.url}/admin/shows`);
      await firstRow(page).waitFor();
      await firstRow(page)
        .getByRole('button', { name: /^Edit / })
        .click();
      const show = page.getByRole('dialog', { name: 'Edit Show' });
      await check(show, show.getByRole('button', { name: 'Save Changes' }), 'edit-show');
      await show.getByRole('button', { name: 'Cancel' }).click();
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits 12 Posts rows on a 1280x900 screen under the header, the bulk bar and the column headings', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: HEIGHT } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await journey.signIn(page);
    await page.goto(`${journey.stack.url}/admin/posts?status=approved`);
    await firstRow(page).waitFor();
    await firstRow(page).getByRole('checkbox').click();
    await page.getByRole('toolbar', { name: 'Bulk actions' }).getByText('1 selected').waitFor();
    const rows = page.locator('.posts-table tbody tr');
    const heights = await rows.evaluateAll((all) => all.map((r) => r.getBoundingClientRect().height));
    const above = await page.evaluate(
      () =>
        document.querySelector('.shell header')!.getBoundingClientRect().height +
        document.querySelector('.bulk-toolbar')!.getBoundingClientRect().height +
        document.querySelector('.posts-table thead')!.getBoundingClientRect().height,
    );
    expect(heights.length).toBeGreaterThan(0);
    expect(
      Math.max(...heights) * 12 + above,
      `rows ${heights.join(', ')}; above ${above}`,
    ).toBeLessThanOrEqual(HEIGHT);
    await context.close();
  });
});
