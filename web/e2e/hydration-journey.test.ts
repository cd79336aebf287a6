import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '@celebstyle/deploy/e2e';
import { sharedStack } from './support/shared-stack.ts';

// A server-rendered page taken over in real Chromium: the app hydrates the HTML it was sent with
// the data it carries, asks the API for none of it again, and logs no error (a hydration mismatch
// is logged as one).
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const stack = sharedStack();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser({ width: 1280, height: 900 });
});

afterAll(async () => {
  await browser?.close();
});

type Visit = { page: Page; api: string[]; scripts: string[]; errors: string[] };

async function visit(pathname: string): Promise<Visit> {
  const page = await browser.context.newPage();
  const visit: Visit = { page, api: [], scripts: [], errors: [] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) visit.api.push(url.pathname + url.search);
    if (request.resourceType() === 'script') visit.scripts.push(url.pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') visit.errors.push(message.text());
  });
  page.on('pageerror', (error) => visit.errors.push(error.message));
  await page.goto(stack.url + pathname, { waitUntil: 'load' });
  // hydrated: React has attached to the server's markup
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
  // on purpose: the page is given time to ask the API again or log an error, and must not
  await page.waitForTimeout(1500);
  return visit;
}

describe('hydration of server-rendered pages (Chromium)', () => {
  it('takes over a product page without fetching its data again and without console errors', async () => {
    const list = (await (await fetch(`${stack.url}/api/posts?limit=1`)).json()) as {
      posts: { _id: string; title: string }[];
    };
    const post = list.posts[0]!;
    const { page, api, errors } = await visit(`/product/${post._id}`);
    expect(errors).toEqual([]);
    expect(api.filter((u) => u.startsWith(`/api/posts/${post._id}`))).toEqual([]);
    expect(
      api.filter((u) => u.startsWith('/api/site-config') || u.startsWith('/api/url-cleaning-rules')),
    ).toEqual([]);
    expect(await page.locator('h1').first().textContent()).toBe(post.title);
    await page.close();
  });

  it('takes over the home page and the Fashion listing without fetching their data again', async () => {
    for (const pathname of ['/', '/fashion']) {
      const { page, api, errors } = await visit(pathname);
      expect(errors, pathname).toEqual([]);
      expect(
        api.filter((u) => u.startsWith('/api/posts?')),
        pathname,
      ).toEqual([]);
      await page.close();
    }
  });

  it('is a working app after hydration: a link navigates in the page, without a new document', async () => {
    const { page, errors } = await visit('/about');
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await page.locator('footer a[href="/terms"]').first().click();
    await page.waitForURL(/\/terms$/);
    await expect.poll(() => page.title()).toBe('Terms of Service | CelebStyle');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the initial JavaScript of a server-rendered product page within 150 KB gzipped', async () => {
    const list = (await (await fetch(`${stack.url}/api/posts?limit=1`)).json()) as {
      posts: { _id: string }[];
    };
    const { page, scripts } = await visit(`/product/${list.posts[0]!._id}`);
    const unique = [...new Set(scripts)];
    const gzipped = unique.reduce((sum, p) => sum + gzipSync(readFileSync(path.join(dist, p))).length, 0);
    expect(gzipped / 1024).toBeLessThanOrEqual(150);
    await page.close();
  });
});
