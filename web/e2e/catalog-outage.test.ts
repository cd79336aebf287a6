import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchBrowser } from '@celebstyle/deploy/e2e';
import { startE2eStack, type E2eStack } from './support/stack.ts';

// The storefront with its catalog gone (killed, as a crash leaves it), against a stack of its own:
// no other file's journey can run on a stack after its catalog is killed.
let stack: E2eStack;

beforeAll(async () => {
  stack = await startE2eStack('catalog_outage', 20);
}, 150_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

describe('a failing catalog', () => {
  let productId: string;

  beforeAll(async () => {
    const list = (await (await fetch(`${stack.url}/api/posts?limit=1`)).json()) as {
      posts: { _id: string }[];
    };
    productId = list.posts[0]!._id;
    stack.stopCatalog();
    // the gateway learns of the outage from a catalog read that fails (a visitor's, or its own when
    // none came for a second): pages it kept are then not answered until the catalog is back
    await vi.waitFor(
      async () => {
        const { status } = await fetch(`${stack.url}/api/posts?limit=1`);
        if (status !== 503) throw new Error(`the gateway still answers ${status} for the posts`);
      },
      { timeout: 15_000, interval: 200 },
    );
  });

  it('answers a product page with the error page and a 5xx in raw HTML, never JSON', async () => {
    const res = await fetch(`${stack.url}/product/${productId}?after-outage`, {
      redirect: 'manual',
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const doc = new JSDOM(await res.text()).window.document;
    expect(doc.querySelector('#root h1')?.textContent).toMatch(/^Error: 5\d\d$/);
    expect(doc.querySelector('#root button')?.textContent).toBe('Try Again');
  });

  it('home still renders its fallback texts in Chromium', async () => {
    const browser = await launchBrowser({ width: 1280, height: 900 });
    try {
      const page = await browser.context.newPage();
      await page.goto(stack.url + '/');
      await page.getByText('Failed to load products. Please try again.').waitFor({ timeout: 15_000 });
      for (const text of [
        'Failed to load popular posts. Using fallback data.',
        'Failed to load celebrities. Using fallback data.',
        'Failed to load Real Housewives data. Using fallback data.',
        'Failed to load TV shows data. Using fallback data.',
        'Using fallback data due to API error',
      ])
        await page.getByText(text).waitFor({ timeout: 10_000 });
      await page.getByRole('link', { name: 'Explore Fashion Now' }).waitFor();
      // the show-looks carousels and the footer's Shows column fall back to the sample data too
      const showLooks = page.getByRole('region', { name: 'Show looks' });
      const carousels = showLooks.locator('[aria-roledescription="carousel"]');
      await expect.poll(() => carousels.count()).toBe(3);
      for (const carousel of await carousels.all())
        expect(await carousel.locator('a[href="/fashion"]').count()).toBeGreaterThan(0);
      const footerShows = page.locator('section[aria-labelledby="footer-shows"] a');
      await expect.poll(() => footerShows.count()).toBe(5);

      // §4: the celebrity and show directories fall back to sample data under the §8 message
      await page.goto(stack.url + '/celebrity');
      await page.getByText('Failed to load celebrities').waitFor({ timeout: 15_000 });
      expect(await page.locator('main a[href^="/celebrity/"]').count()).toBeGreaterThan(0);
      await page.goto(stack.url + '/shows');
      await page.getByText('Failed to load shows').waitFor({ timeout: 15_000 });
      expect(await page.locator('main a[href^="/show"]').count()).toBeGreaterThan(0);
    } finally {
      await browser.close();
    }
  });
});
