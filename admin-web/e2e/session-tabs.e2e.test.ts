import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { letTimePass } from '@celebstyle/service-kit/testing';
import { ownStackJourney } from './admin-journey.ts';
import { seriousA11yViolations } from './axe.ts';

// admin.md §4 Session, in real Chromium against the real product: two tabs of one browser share the
// tokens in local storage. Access tokens live 30 s, so both tabs find theirs expired together (long
// enough that a Dashboard loading slowly on a busy machine does not see them expire again). The
// stack turns accounts' reuse grace off (REFRESH_REUSE_GRACE_SECONDS=0): a refresh token sent twice
// ends the session at once, so only the console's own single-flight refresh across tabs keeps it.
const ACCESS_TOKEN_TTL_SECONDS = 30;

const journey = ownStackJourney('admin_session_tabs', () => ({
  env: {
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
    REFRESH_REUSE_GRACE_SECONDS: '0',
  },
}));

async function openTab(context: BrowserContext) {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}

const storedToken = (page: Page, key: 'adminAccessToken' | 'adminRefreshToken') =>
  page.evaluate((name) => localStorage.getItem(name), key);

/** Waits until the stored access token has expired (its exp is in whole seconds). */
async function letAccessTokenExpire(page: Page) {
  const accessToken = await storedToken(page, 'adminAccessToken');
  const { exp } = JSON.parse(Buffer.from(accessToken!.split('.')[1]!, 'base64url').toString()) as {
    exp: number;
  };
  expect(exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS);
  // the access token's expiry coming is the behaviour under test
  await letTimePass(Math.max(0, exp * 1000 + 1000 - Date.now()));
}

/**
 * Resolves once every tab has had its expired access token refused (the profile check each tab
 * makes when it loads).
 */
function refusedInEveryTab(pages: Page[]): Promise<void> {
  const refused = new Set<Page>();
  return new Promise((resolve) => {
    for (const page of pages)
      page.on('response', (response) => {
        if (new URL(response.url()).pathname !== '/api/admin/auth/profile' || response.status() !== 401)
          return;
        refused.add(page);
        if (refused.size === pages.length) resolve();
      });
  });
}

const POSTS_PATH = '/admin/posts?status=approved&sortOrder=asc';
const where = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

describe('An admin with two tabs (Chromium)', () => {
  it('stays signed in in both when their access tokens expire together, and signs out of both at once', async () => {
    const { url } = journey.stack;
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await openTab(context);
    const second = await openTab(context);
    await journey.signIn(first.page);
    await second.page.goto(`${url}${POSTS_PATH}`);
    await second.page.getByRole('heading', { name: 'Post Management' }).waitFor();

    const refreshTokensSent: string[] = [];
    const refreshAnswers: number[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/auth/refresh')
        refreshTokensSent.push((request.postDataJSON() as { refreshToken: string }).refreshToken);
    });
    context.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/admin/auth/refresh')
        refreshAnswers.push(response.status());
    });

    // The refresh goes out only once both tabs have met their 401, so one tab always waits for the
    // other's refresh (the Web Lock) and then takes its tokens, as on a slow network or machine.
    const bothRefused = refusedInEveryTab([first.page, second.page]);
    await context.route('**/api/admin/auth/refresh', async (route) => {
      await bothRefused;
      await route.continue();
    });

    // a browser restoring its tabs: both load at once, each with the expired access token
    await letAccessTokenExpire(first.page);
    await Promise.all([first.page.reload(), second.page.reload()]);
    const dashboard = first.page.getByRole('region', { name: 'Post Statistics' }).locator('.stat-total dd');
    const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign in' });
    // Generous waits: the Dashboard's many reads follow the refresh, slow on a loaded machine; what is
    // judged is where each tab ends up, not how fast.
    await dashboard.or(signInButton(first.page)).waitFor({ timeout: 60_000 });
    // signed out instead (the login form) fails here, not after a locator's timeout
    expect(await signInButton(first.page).isVisible(), 'the first tab was signed out').toBe(false);
    await dashboard.filter({ hasText: '20' }).waitFor({ timeout: 60_000 });
    const postRows = second.page.getByRole('table').getByRole('row');
    await postRows.nth(1).or(signInButton(second.page)).waitFor();
    expect(await signInButton(second.page).isVisible(), 'the second tab was signed out').toBe(false);
    await postRows.nth(1).waitFor();
    expect(where(second.page)).toBe(POSTS_PATH);

    // one refresh served both tabs: the tab that waited took the tokens the other one stored
    expect(refreshTokensSent.length).toBeGreaterThan(0);
    expect(new Set(refreshTokensSent).size).toBe(refreshTokensSent.length);
    expect(refreshAnswers.every((status) => status === 200)).toBe(true);
    for (const { page } of [first, second]) {
      expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    }
    // the session lives on: the next screen in each tab loads
    await first.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Shows' }).click();
    await first.page.getByRole('heading', { name: 'Shows Management' }).waitFor();
    await first.page.getByRole('table').getByRole('row').nth(1).waitFor();

    // signing out in one tab signs the other out too, without a reload
    await first.page.getByRole('button', { name: 'Sign out' }).click();
    await signInButton(first.page).waitFor();
    await signInButton(second.page).waitFor();
    expect(new URL(second.page.url()).pathname).toBe('/admin/login');
    expect(await storedToken(second.page, 'adminRefreshToken')).toBeNull();
    expect(await seriousA11yViolations(second.page, 'sign-in')).toEqual([]);

    // signing in again in the second tab brings it back to its view, query included, and the
    // first tab signs in with it
    await second.page.getByLabel('Username').fill(journey.stack.admin.username);
    await second.page.getByLabel('Password').fill(journey.stack.admin.password);
    await signInButton(second.page).click();
    await postRows.nth(1).waitFor();
    expect(where(second.page)).toBe(POSTS_PATH);
    await first.page.getByRole('heading', { name: 'Shows Management' }).waitFor();
    expect(new URL(first.page.url()).pathname).toBe('/admin/shows');

    expect(first.pageErrors).toEqual([]);
    expect(second.pageErrors).toEqual([]);
    await context.close();
  });
});
