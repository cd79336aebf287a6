import pMap from 'p-map';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '@celebstyle/deploy/e2e';
import { sharedStack } from './support/shared-stack.ts';
import {
  observeLayoutShifts,
  publicRoutes,
  readCls,
  seriousAxeViolations,
  waitUntilSettled,
  scrollThrough,
  sidewaysOverflow,
  trackApiRequests,
} from './support/public-pages.ts';

// Budgets every public page keeps, in real Chromium against the running stack.
const stack = sharedStack();
let routes: string[];

beforeAll(async () => {
  routes = await publicRoutes(stack.url);
});

/**
 * Visits every public page, each in a page of its own, a few at a time: a visit mostly waits (for
 * answers, images, the next screen), so overlapping them shortens the pass. Not for layout shift,
 * which is measured one page at a time so that nothing but the page itself sets its timing.
 */
async function visitEachRoute(browser: Browser, visit: (page: Page, route: string) => Promise<void>) {
  await pMap(
    routes,
    async (route) => {
      const page = await browser.context.newPage();
      try {
        await visit(page, route);
      } finally {
        await page.close();
      }
    },
    { concurrency: 3 },
  );
}

describe('no sideways scrolling on a phone', () => {
  // One visit per page, at the narrowest width, then the viewport widened: a layout follows its
  // viewport as it changes, and three visits of every page cost about a quarter of this file’s time.
  const widths = [320, 375, 414];
  it(`no public page is wider than a ${widths.join(', ')} px viewport, top to bottom`, async () => {
    const browser: Browser = await launchBrowser({ width: widths[0]!, height: 800 });
    const wider: string[] = [];
    try {
      await visitEachRoute(browser, async (page, route) => {
        const inFlight = trackApiRequests(page);
        await page.goto(stack.url + route);
        await scrollThrough(page, inFlight);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          await waitUntilSettled(page, inFlight);
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) wider.push(`${route} at ${width} px: ${overflow} px wider`);
        }
        // hiding the overflow would only hide the fault (content cut off at the right edge)
        const hidden = await page.evaluate(() =>
          [document.documentElement, document.body].some((e) =>
            ['hidden', 'clip'].includes(getComputedStyle(e).overflowX),
          ),
        );
        if (hidden) wider.push(`${route}: overflow-x hidden on html or body`);
      });
    } finally {
      await browser.close();
    }
    expect(wider).toEqual([]);
  }, 240_000);

  it("shows each 'Fashion by TV Show' name whole on a phone, so the eight Real Housewives tell apart", async () => {
    const browser = await launchBrowser({ width: 375, height: 812 });
    try {
      const page = await browser.context.newPage();
      await page.goto(stack.url + '/');
      const names = page.locator('section[aria-label="Fashion by TV Show"] [data-testid="show-name"]');
      await names.first().waitFor();
      const shown = await names.evaluateAll((els) =>
        els.map((el) => ({
          text: (el as HTMLElement).innerText.trim(),
          show: new URL((el.closest('a') as HTMLAnchorElement).href).searchParams.get('show'),
          cut: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
        })),
      );
      expect(shown.length).toBeGreaterThan(1);
      for (const name of shown) expect(name).toEqual({ text: name.show, show: name.show, cut: false });
    } finally {
      await browser.close();
    }
  });
});

describe('layout shift', () => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ])
    it(`every public page keeps CLS at or under 0.05 while it loads at ${viewport.width}×${viewport.height}`, async () => {
      const browser: Browser = await launchBrowser(viewport);
      const over: string[] = [];
      try {
        for (const route of routes) {
          const page = await browser.context.newPage();
          await observeLayoutShifts(page);
          const inFlight = trackApiRequests(page);
          await page.goto(stack.url + route);
          await waitUntilSettled(page, inFlight);
          const cls = await readCls(page);
          if (cls.value > 0.05) over.push(`${route}: CLS ${cls.value.toFixed(3)} (${cls.worst.join('; ')})`);
          await page.close();
        }
      } finally {
        await browser.close();
      }
      expect(over).toEqual([]);
    }, 240_000);
});

describe('accessibility (axe-core)', () => {
  // One visit per page, scanned at a phone's size and again widened to a desktop's: the layout
  // follows the viewport, and a visit per size cost most of this file's time.
  const viewports = [
    { width: 375, height: 812 },
    { width: 1280, height: 900 },
  ];
  it(`no public page has a serious or critical axe violation at ${viewports.map((v) => `${v.width}×${v.height}`).join(' or ')}`, async () => {
    const browser: Browser = await launchBrowser(viewports[0]);
    const found: string[] = [];
    try {
      await visitEachRoute(browser, async (page, route) => {
        // the hero video and the marquee move: axe checks still frames
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const inFlight = trackApiRequests(page);
        await page.goto(stack.url + route);
        await scrollThrough(page, inFlight);
        for (const viewport of viewports) {
          await page.setViewportSize(viewport);
          await page.evaluate(() => window.scrollTo(0, 0));
          await waitUntilSettled(page, inFlight);
          for (const v of await seriousAxeViolations(page))
            found.push(
              `${route} at ${viewport.width}×${viewport.height}: ${v.id} (${v.impact}) on ${v.nodes.length}: ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
            );
        }
      });
    } finally {
      await browser.close();
    }
    expect(found).toEqual([]);
  }, 300_000);
});
