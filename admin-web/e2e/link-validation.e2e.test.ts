import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPostListAnswer,
  BulkPostsAnswer,
  LinkValidationResultsAnswer,
  PostImportAnswer,
} from '@celebstyle/contracts';
import { ownStackJourney } from './admin-journey.ts';
import {
  startFakeShopFarm,
  type FakeShop,
  type FakeShopFarm,
  type ShopAnswer,
} from './support/fake-shops.ts';
import { chooseOption, selectNamed } from './choose-option.ts';

// link-health-and-routes.md §2.2, §2.3, §4, §8, and 'Check now' (services/link-validation README):
// the Link Validation screen in real Chromium against the real product with its workers. Posts are
// imported and approved through the catalog; its change feed brings them to link-validation, whose
// link-check worker checks every link against a fake retailer farm on 127.0.0.1 (pinned with
// LINK_CHECK_RESOLVE: the worker reaches those shops and nothing else). Every verdict on screen is
// one the checker produced from what a shop answered.

let farm: FakeShopFarm | undefined;
// before the journey's own beforeAll (hooks run in the order they are declared): the stack needs its pins
beforeAll(async () => {
  farm = await startFakeShopFarm();
});
afterAll(async () => {
  await farm?.close();
});
const shops = () => {
  if (!farm) throw new Error('the fake shop farm has not started');
  return farm;
};

const journey = ownStackJourney('admin_link_validation', () => ({
  seedPosts: 0,
  workers: true,
  env: {
    LINK_CHECK_RESOLVE: shops().pins,
    // the product's own settings: queue due links every second, space one shop's checks 100 ms apart
    LINK_CHECK_SWEEP_MS: '1000',
    LINK_CHECK_HOST_INTERVAL_MS: '100',
    // the catalog worker looks up the show an import creates: the farm answers 404 (no such show),
    // so nothing leaves the machine
    TVMAZE_BASE_URL: shops().origin,
  },
}));

/** One link of a look: the shop, the product path (a query string makes the cleaned URL differ), its first answer. */
interface PlannedLink {
  shop: 'vesper' | 'marlow' | 'odette';
  path: string;
  query?: string;
  answer: ShopAnswer;
  /** What the checker should make of it. */
  status: string;
}
interface Look {
  title: string;
  links: PlannedLink[];
}

// Vesper has a URL cleaning rule that drops every parameter, so a Vesper link with a query is
// checked as written and cleaned: both 404 is 'both_broken'.
const LOOKS = {
  amber: {
    title: 'Amber Wool Coat',
    links: [
      {
        shop: 'vesper',
        path: '/p/amber-coat',
        query: '?utm_source=celebstyle',
        answer: 'not-found',
        status: '404',
      },
      { shop: 'marlow', path: '/p/amber-coat', answer: 'in-stock', status: 'active' },
    ],
  },
  birch: {
    title: 'Birch Silk Blouse',
    links: [
      { shop: 'vesper', path: '/p/birch-blouse', answer: 'not-found', status: '404' },
      { shop: 'marlow', path: '/p/birch-blouse', answer: 'in-stock', status: 'active' },
    ],
  },
  cedar: {
    title: 'Cedar Ankle Boots',
    links: [{ shop: 'odette', path: '/p/cedar-boots', answer: 'removed', status: 'product_removed' }],
  },
  dune: {
    title: 'Dune Linen Shirt',
    links: [{ shop: 'marlow', path: '/p/dune-shirt', answer: 'in-stock', status: 'active' }],
  },
  ember: {
    title: 'Ember Midi Dress',
    links: [
      { shop: 'vesper', path: '/p/ember-dress', answer: 'in-stock', status: 'active' },
      { shop: 'odette', path: '/p/ember-dress', answer: 'sold-out', status: 'sold_out' },
    ],
  },
  fern: {
    title: 'Fern Knit Sweater',
    links: [{ shop: 'odette', path: '/p/fern-sweater', answer: 'in-stock', status: 'active' }],
  },
  garnet: {
    title: 'Garnet Evening Bag',
    links: [
      {
        shop: 'vesper',
        path: '/p/garnet-bag',
        query: '?utm_source=celebstyle',
        answer: 'not-found',
        status: '404',
      },
    ],
  },
} satisfies Record<string, Look>;
const ALL_LOOKS: Look[] = Object.values(LOOKS);
const TOTAL_LINKS = ALL_LOOKS.reduce((sum, look) => sum + look.links.length, 0);
const BROKEN = ['404', 'invalid', 'server_error', 'redirect_error', 'access_denied', 'product_removed'];
const broken = (looks: Look[]) => looks.filter((look) => look.links.some((l) => BROKEN.includes(l.status)));
const shopOf = (link: PlannedLink): FakeShop => shops().shops[link.shop];
function linkOf(look: Look, index: number): PlannedLink {
  const link = look.links[index];
  if (!link) throw new Error(`${look.title} has no link ${index}`);
  return link;
}

/** The signed-in admin's access token, from the page's storage. */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('adminAccessToken'));

async function adminCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${journey.stack.url}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await tokenOf(page)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Sets up the shops and the catalogue as an admin would: Vesper's cleaning rule, the looks imported
 * (pending) and approved; returns their post ids by title.
 */
async function publishLooks(page: Page): Promise<Map<string, string>> {
  for (const look of ALL_LOOKS)
    for (const link of look.links) shops().answer(shopOf(link), link.path, link.answer);
  await adminCall(page, 'POST', '/admin/url-cleaning-rules', {
    domain: 'vesper-shop.localhost',
    notes: 'tracking parameters only',
  });
  const imported = await adminCall<PostImportAnswer>(
    page,
    'POST',
    '/admin/posts/import',
    ALL_LOOKS.map((look, index) => ({
      url: `https://wornontv.net/lvj-look-${index + 1}/`,
      title: look.title,
      description: 'Imported for the link validation journey',
      celebrity: 'Kyle Richards',
      show: 'The Real Housewives of Beverly Hills',
      brand: 'Zara',
      productType: 'Dress',
      platform: 'wornontv',
      affiliateLinks: look.links.map((link) => ({
        text: `${look.title} at ${shopOf(link).name}`,
        url: shops().url(shopOf(link), `${link.path}${link.query ?? ''}`),
      })),
    })),
  );
  expect(imported.created).toBe(ALL_LOOKS.length);
  const pending = await adminCall<AdminPostListAnswer>(page, 'GET', '/admin/posts?status=pending&limit=100');
  const ids = new Map(pending.posts.map((post) => [post.title, post._id]));
  const approved = await adminCall<BulkPostsAnswer>(page, 'POST', '/admin/posts/bulk-approve', {
    postIds: [...ids.values()],
  });
  expect(approved.done).toBe(ALL_LOOKS.length);
  return ids;
}

/** Every link as the results API has it now: `title #index: status (post status)`, sorted. */
async function linkHealth(page: Page): Promise<string[]> {
  const answer = await adminCall<LinkValidationResultsAnswer>(
    page,
    'GET',
    '/admin/link-validation/results?limit=100',
  );
  return answer.results
    .map((r) => `${r.postTitle} #${r.linkIndex}: ${r.linkStatus} (${r.postStatus})`)
    .sort();
}
const expectedHealth = () =>
  ALL_LOOKS.flatMap((look) =>
    look.links.map((link, index) => `${look.title} #${index}: ${link.status} (approved)`),
  ).sort();

const rowOf = (page: Page, title: string) =>
  page.locator('table.lv-table tbody tr').filter({ has: page.getByRole('rowheader', { name: title }) });
const tableRows = (page: Page) => page.locator('table.lv-table tbody tr');
const badges = (scope: Locator) => scope.locator('.lv-badge').allInnerTexts();
const fact = (scope: Locator, term: string) => scope.locator('dt', { hasText: term }).locator('+ dd');

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

describe('Link Validation (Chromium, real link checks)', () => {
  it('filters to Broken Links, keeps the view in the URL, exports it, changes and re-checks links, hides posts', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    // a step that cannot happen fails with its locator instead of the whole test timing out
    page.setDefaultTimeout(30_000);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);

    await publishLooks(page);
    // the worker checks every link once the change feed has brought the approved posts over
    await expect
      .poll(() => linkHealth(page), { timeout: 120_000, interval: 1_000 })
      .toEqual(expectedHealth());

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Link Validation' })
      .click();
    await page.getByRole('heading', { name: 'Link Validation Results' }).waitFor();
    // default: active links; the looks without an active link (Cedar, Garnet) are not listed
    await rowOf(page, LOOKS.amber.title).waitFor();
    await expect.poll(() => tableRows(page).count()).toBe(5);
    expect(await selectNamed(page, 'Link Status').innerText()).toContain('Active');
    await page
      .getByText('No link health history yet.')
      .or(page.getByText('Link health history is not available yet.'))
      .or(page.locator('.lv-chart svg'))
      .first()
      .waitFor();
    const statCard = (label: string) =>
      page.getByRole('list', { name: 'Link statistics' }).getByRole('listitem').filter({ hasText: label });
    await statCard('Total Links').getByText(String(TOTAL_LINKS)).waitFor();
    expect(await statCard('Sold Out').innerText()).toMatch(/^1 link$/m);

    // Check now on a post, from its row: Odette restocks the Ember dress, the badge follows
    await chooseOption(selectNamed(page, 'Link Status'), 'All Statuses');
    await expect.poll(() => tableRows(page).count()).toBe(ALL_LOOKS.length);
    // density: under the sticky header and the table's headings, 12 rows fit on a 900 px screen
    const rowHeights = await tableRows(page).evaluateAll((rows) =>
      rows.map((row) => row.getBoundingClientRect().height),
    );
    const above = await page.evaluate(
      () =>
        document.querySelector('.content > header')!.getBoundingClientRect().height +
        document.querySelector('.lv-table thead')!.getBoundingClientRect().height,
    );
    expect(
      Math.max(...rowHeights) * 12 + above,
      `rows ${rowHeights.join(', ')}; above ${above}`,
    ).toBeLessThanOrEqual(900);
    // and at 1280 px the table needs no sideways scrolling
    expect(await page.locator('.lv-table-box').evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(
      true,
    );
    const ember = rowOf(page, LOOKS.ember.title);
    expect(await badges(ember)).toEqual(['Active', 'Sold Out']);
    const emberSoldOut = linkOf(LOOKS.ember, 1);
    const emberHits = shops().hits(shopOf(emberSoldOut), emberSoldOut.path);
    shops().answer(shopOf(emberSoldOut), emberSoldOut.path, 'in-stock');
    await ember.getByRole('button', { name: /^More actions for / }).click();
    await page.getByRole('menuitem', { name: 'Check now' }).click();
    // while the check runs the row says so and the menu cannot ask again
    await ember.getByRole('status').filter({ hasText: 'Checking...' }).waitFor();
    await ember.getByRole('button', { name: /^More actions for / }).click();
    expect(await page.getByRole('menuitem', { name: 'Checking...' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    await page.getByText('Check complete').waitFor();
    await expect.poll(() => badges(ember)).toEqual(['Active', 'Active']);
    await statCard('Sold Out').getByText('0 links').waitFor();
    await ember.getByRole('status').waitFor({ state: 'detached' });
    expect(shops().hits(shopOf(emberSoldOut), emberSoldOut.path)).toBeGreaterThan(emberHits);

    // Broken Links: the looks with a broken link; the URL carries the filter without a new history entry
    const brokenLooks = broken(ALL_LOOKS);
    expect(brokenLooks.map((look) => look.title)).toEqual([
      LOOKS.amber.title,
      LOOKS.birch.title,
      LOOKS.cedar.title,
      LOOKS.garnet.title,
    ]);
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole('button', { name: 'Broken Links' }).click();
    await page.waitForURL((url) => url.searchParams.get('linkStatus')?.startsWith('404,invalid') === true);
    await expect.poll(() => tableRows(page).count()).toBe(brokenLooks.length);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    expect(await page.getByRole('button', { name: 'Broken Links' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.getByRole('button', { name: 'Clear All Filters' }).waitFor();
    expect(await badges(rowOf(page, LOOKS.cedar.title))).toEqual(['Product Removed']);

    // sort by Post title: a new field starts descending, the same field toggles (URL follows)
    const postHeader = page.getByRole('columnheader', { name: /^Post/ });
    const titles = () => page.locator('table.lv-table tbody .lv-title').allInnerTexts();
    await postHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sortBy') === 'postTitle');
    await expect.poll(() => postHeader.getAttribute('aria-sort')).toBe('descending');
    const descending = brokenLooks
      .map((look) => look.title)
      .sort()
      .reverse();
    await expect.poll(titles).toEqual(descending);
    await postHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === 'asc');
    await expect.poll(titles).toEqual([...descending].reverse());
    await postHeader.getByRole('button').click();
    await page.waitForURL((url) => url.searchParams.get('sortOrder') === null);
    await expect.poll(titles).toEqual(descending);

    // a reload opens the same view from the URL
    const viewUrl = page.url();
    await page.reload();
    await page.getByRole('heading', { name: 'Link Validation Results' }).waitFor();
    await expect.poll(titles).toEqual(descending);
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
    const brokenLinks = brokenLooks.flatMap((look) => look.links).filter((l) => BROKEN.includes(l.status));
    expect(lines).toHaveLength(1 + brokenLinks.length);

    expect(await seriousViolations(page)).toEqual([]);

    // details of the Amber coat: the checker found its Vesper link dead as written and cleaned;
    // the admin overrides it to Active
    const dialog = page.getByRole('dialog', { name: 'Link Validation Details' });
    await rowOf(page, LOOKS.amber.title).getByRole('button', { name: 'Links' }).click();
    await dialog.getByRole('heading', { name: LOOKS.amber.title }).waitFor();
    const amberLink = dialog.getByRole('listitem', { name: 'Link 1' });
    await amberLink.getByText('Both URLs are broken - link needs replacement').waitFor();
    expect(await fact(amberLink, 'HTTP Status').innerText()).toBe('404');
    // a 404 page names no shop: the retailer is made from the link's domain
    expect(await fact(amberLink, 'Retailer').innerText()).toBe('Vesper Shop');
    expect(await seriousViolations(page, '.lv-dialog')).toEqual([]);
    await chooseOption(selectNamed(amberLink, 'Status of link 1'), 'Active');
    await page.getByText('Link Status Updated').waitFor();
    await amberLink.getByText('Status Changed').waitFor();
    await amberLink.locator('.lv-badge', { hasText: 'Active' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // the look has no broken link any more: it leaves the Broken Links view
    await expect.poll(() => tableRows(page).count()).toBe(brokenLooks.length - 1);

    // Check now on one link, in the details: Vesper puts the Garnet bag back on sale
    await rowOf(page, LOOKS.garnet.title).getByRole('button', { name: 'Links' }).click();
    await dialog.getByRole('heading', { name: LOOKS.garnet.title }).waitFor();
    const garnetLink = dialog.getByRole('listitem', { name: 'Link 1' });
    expect(await badges(garnetLink)).toEqual(['404 Not Found']);
    const garnet = linkOf(LOOKS.garnet, 0);
    const garnetHits = shops().hits(shopOf(garnet), garnet.path);
    shops().answer(shopOf(garnet), garnet.path, 'in-stock');
    await garnetLink.getByRole('button', { name: 'Check now' }).click();
    const garnetChecking = garnetLink.getByRole('button', { name: 'Checking...' });
    await garnetChecking.waitFor();
    expect(await garnetChecking.isDisabled()).toBe(true);
    await page.getByText('Check complete').waitFor();
    await expect.poll(() => badges(garnetLink)).toEqual(['Active']);
    await expect.poll(() => fact(garnetLink, 'HTTP Status').innerText()).toBe('200');
    expect(await fact(garnetLink, 'Stock Status').innerText()).toBe('In stock');
    // the product page names its shop (og:site_name)
    expect(await fact(garnetLink, 'Retailer').innerText()).toBe('Vesper Boutique');
    await garnetLink.getByRole('button', { name: 'Check now' }).waitFor();
    expect(shops().hits(shopOf(garnet), garnet.path)).toBeGreaterThan(garnetHits);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => tableRows(page).count()).toBe(brokenLooks.length - 2);

    // select the two looks still broken and hide them from the selection bar
    const hidden = [LOOKS.birch.title, LOOKS.cedar.title];
    for (const title of hidden) await rowOf(page, title).getByRole('checkbox').click();
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

    // on a phone: no serious axe violation, the page does not scroll sideways
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Post Management lists the two looks as hidden
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' }).click();
    await page.getByRole('heading', { name: 'Post Management' }).waitFor();
    await chooseOption(selectNamed(page, 'Status'), 'hidden');
    await page.waitForURL(/status=hidden/);
    const postsTable = page.getByRole('table', { name: `Posts (${hidden.length})` });
    await postsTable.waitFor();
    const hiddenTitles = await postsTable.getByRole('rowheader').allInnerTexts();
    for (const title of hidden)
      expect(
        hiddenTitles.some((text) => text.includes(title)),
        title,
      ).toBe(true);
    expect(await postsTable.locator('.post-status-hidden').count()).toBe(hidden.length);

    expect(pageErrors).toEqual([]);
    await context.close();
  }, 300_000);
});
