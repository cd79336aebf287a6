import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import type { AdminPostListAnswer } from '@celebstyle/contracts';
import { adminJourney } from './admin-journey.ts';

// admin.md §2 Sharing, in real Chromium: the console opened under another host name than the
// storefront's address (the stack's PUBLIC_SITE_URL names localhost, where nothing may answer; the
// console is opened at http://127.0.0.1:<port>) still shows and downloads a post's image, with its
// real file type.
const journey = adminJourney();

describe('The sign-in page (Chromium)', () => {
  it("wears the storefront's wordmark, links back to it, and has no serious accessibility fault", async () => {
    for (const width of [1280, 375]) {
      const context = await journey.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${journey.stack.url}/admin/login`);
      await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
      expect(await page.locator('.login-brand').innerText()).toMatch(/^celebstyle$/i);
      expect(await page.getByRole('link', { name: 'Back to the storefront' }).getAttribute('href')).toBe('/');
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
        `${width} px`,
      ).toEqual([]);
      // the card fits the screen: no sideways scrolling on a phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await context.close();
    }
  });
});

describe('Sharing a post (Chromium)', () => {
  it('shows the image and downloads it under its real file type from another host name', async () => {
    const context = await journey.browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await journey.signIn(page);
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');

    // a seeded look, with its demo picture (the stack is shared: other files add looks without one)
    const { posts } = await page.evaluate(async () => {
      const token = localStorage.getItem('adminAccessToken');
      const res = await fetch('/api/admin/posts?status=approved&limit=100', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await res.json()) as AdminPostListAnswer;
    });
    const pictured = posts.find((post) => post.mainImage);
    expect(pictured, 'an approved look with a picture').toBeDefined();
    await page.goto(
      `${journey.stack.url}/admin/posts?status=approved&search=${encodeURIComponent(pictured!.title)}`,
    );
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: pictured!.title }) })
      .first();
    await row.getByRole('button', { name: /^More actions for / }).click();
    await page.getByRole('menuitem', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    const postUrl = (await dialog.locator('.share-url a').textContent())!;
    expect(new URL(postUrl).hostname).toBe('localhost');
    const postId = postUrl.split('/').pop()!;

    const image = dialog.locator('img.share-image');
    await image.waitFor();
    expect(new URL((await image.getAttribute('src'))!).origin).toBe(journey.stack.url);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Image' }).click();
    const file = await download;
    // the demo pictures are SVG: the file says so, not .jpg
    expect(file.suggestedFilename()).toBe(`${postId}.svg`);
    expect(await file.failure()).toBeNull();
    await context.close();
  }, 120_000);
});
