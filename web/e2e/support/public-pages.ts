import { AxeBuilder } from '@axe-core/playwright';
import { toSlug } from '@celebstyle/slugs';
import { expect } from 'vitest';
import type { Page, Request } from 'playwright-core';

/**
 * Every public route of storefront.md §2 with real ids and names from the running stack (the
 * show page in both its forms, the confirmation and unsubscribe pages, and a 404 page).
 */
export async function publicRoutes(baseUrl: string): Promise<string[]> {
  const list = (await (await fetch(`${baseUrl}/api/posts?limit=1&sort=createdAt&order=desc`)).json()) as {
    posts: { _id: string; celebrity: string; show: string }[];
  };
  const post = list.posts[0]!;
  return [
    '/',
    '/fashion',
    '/Fashion?filter=top',
    '/top-picks',
    '/trending',
    '/celebrity',
    `/celebrity/${toSlug(post.celebrity)}`,
    '/shows',
    `/show/${toSlug(post.show)}`,
    `/shows/${encodeURIComponent(post.show)}`,
    '/product',
    `/product/${post._id}`,
    '/about',
    '/get-in-touch',
    '/terms',
    '/confirm-subscription?token=not-a-real-token',
    '/unsubscribe',
    '/no/such/page',
  ];
}

/**
 * The page's serious and critical accessibility violations (axe). label-content-name-mismatch is
 * experimental in axe 4.13 (off by default): turned on, since a control whose visible text is not
 * in its name confuses voice control users.
 */
export async function seriousAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Counts the page's API requests in flight, so a test can wait until the page has its data. */
export function trackApiRequests(page: Page): () => string[] {
  const pending = new Set<Request>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) pending.add(r);
  });
  // an answer from the HTTP cache may report its response but never 'requestfinished': a request
  // with an answer counts as done (what the page draws from it is checked in the DOM)
  page.on('response', (r) => pending.delete(r.request()));
  page.on('requestfinished', (r) => pending.delete(r));
  page.on('requestfailed', (r) => pending.delete(r));
  return () => [...pending].map((r) => new URL(r.url()).pathname + new URL(r.url()).search);
}

/**
 * Waits until what the viewport shows has loaded: no API request in flight, no skeleton or
 * spinner on screen, every image in view decoded (or failed and replaced).
 */
export async function waitUntilSettled(page: Page, inFlight: () => string[]): Promise<void> {
  const state = async () => {
    const pending = inFlight();
    if (pending.length > 0) return `${page.url()}: API requests in flight ${pending.join(' ')}`;
    return page.evaluate(() => {
      const [vw, vh] = [window.innerWidth, window.innerHeight];
      // carousel slides beside the viewport are lazy and stay unloaded: only what is in view counts
      const inView = (e: Element) => {
        const r = e.getBoundingClientRect();
        return r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw && r.width > 0;
      };
      const where = `${location.pathname} at ${window.scrollY}`;
      if (document.readyState !== 'complete') return `${where}: document loading`;
      const loading = [...document.querySelectorAll('.animate-pulse, .animate-spin')].filter(inView);
      if (loading.length) return `${where}: ${loading.length} skeletons or spinners in view`;
      const pending = [...document.images].filter((img) => inView(img) && !img.complete);
      if (pending.length) return `${where}: images loading ${pending.map((i) => i.src.slice(-60)).join(' ')}`;
      return 'settled';
    });
  };
  await expect.poll(state, { timeout: 20_000, interval: 100 }).toBe('settled');
}

/** Scrolls to the end one screen at a time, letting each screen's content load. */
export async function scrollThrough(page: Page, inFlight: () => string[]): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await waitUntilSettled(page, inFlight);
    const atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight);
      return window.scrollY === before;
    });
    if (atEnd) break;
  }
  await waitUntilSettled(page, inFlight);
}

/** How much wider than the viewport the document is (0 when it cannot scroll sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) -
      document.documentElement.clientWidth,
  );
}

/**
 * Sums layout-shift entries without recent input from the first paint on (the CLS of Web Vitals,
 * without session windows: every shift counts). Install before navigating; read with `readCls`.
 */
export async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: { value: number; worst: string[] } };
    w.__cls = { value: 0, worst: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node | null }[];
      })[]) {
        if (e.hadRecentInput) continue;
        w.__cls.value += e.value;
        const nodes = e.sources.map((s) => {
          const el = s.node as Element | null | undefined;
          return el?.nodeName
            ? `${el.nodeName.toLowerCase()}.${String(el.className ?? '').slice(0, 40)}`
            : '?';
        });
        w.__cls.worst.push(`${e.value.toFixed(3)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function readCls(page: Page): Promise<{ value: number; worst: string[] }> {
  return page.evaluate(
    () =>
      new Promise<{ value: number; worst: string[] }>((resolve) =>
        // two frames: shifts of the last layout are reported before we read
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve((window as unknown as { __cls: { value: number; worst: string[] } }).__cls),
          ),
        ),
      ),
  );
}
