import { createServer } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CelebrityProfileAnswer, PostListWithFacetsAnswer } from '@celebstyle/contracts';
import { letTimePass } from '@celebstyle/service-kit/testing';
import { ownStackJourney } from './admin-journey.ts';
import { seriousA11yViolations } from './axe.ts';

// admin.md §2 Celebrity Management and Shows Management, §4 Session: the screens in real Chromium
// against the real product (every service and worker on free ports, a throw-away database). One
// stack for the three journeys: its catalog worker asks a fake TVmaze on 127.0.0.1, and its
// accounts service issues access tokens that live 15 s, so a session outlives several of them.
// (with 3 s, on a busy machine a journey lost its session before the first screen opened: a
// request retried with a fresh token can itself arrive after that token's end.)
const ACCESS_TOKEN_TTL_SECONDS = 15;

/**
 * TVmaze's singlesearch (GET /singlesearch/shows?q=…&embed=cast) on 127.0.0.1: a show for each
 * search term in `shows`, 404 for any other, as TVmaze answers. `searches` records every q asked.
 */
interface FakeTvmaze {
  baseUrl: string;
  shows: Map<string, object>;
  searches: string[];
  close(): Promise<void>;
}

async function startFakeTvmaze(): Promise<FakeTvmaze> {
  const shows = new Map<string, object>();
  const searches: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams.get('q') ?? '';
    searches.push(q);
    const show = url.pathname === '/singlesearch/shows' ? shows.get(q.toLowerCase()) : undefined;
    res.statusCode = show ? 200 : 404;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(show ?? { name: 'Not Found', status: 404 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    shows,
    searches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let tvmaze: FakeTvmaze | undefined;
// before the journey's own beforeAll (hooks run in the order they are declared): the stack needs its address
beforeAll(async () => {
  tvmaze = await startFakeTvmaze();
});
afterAll(async () => {
  await tvmaze?.close();
});
const fakeTvmaze = () => {
  if (!tvmaze) throw new Error('the fake TVmaze has not started');
  return tvmaze;
};

const journey = ownStackJourney('admin_catalog_session', () => ({
  // show enrichment runs in the catalog worker
  workers: true,
  env: {
    TVMAZE_BASE_URL: fakeTvmaze().baseUrl,
    ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TOKEN_TTL_SECONDS),
  },
}));

/** A storefront read through the gateway, as a visitor makes it (no token). */
async function publicGet<T>(path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${journey.stack.url}/api${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

async function openPage(width: number) {
  const context = await journey.browser.newContext({ viewport: { width, height: width > 400 ? 900 : 812 } });
  const page = await context.newPage();
  // a step that cannot happen fails with its locator instead of the whole test timing out
  page.setDefaultTimeout(20_000);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name, exact: true });

/** axe at desktop and phone width on the screen as it is; the page stays at desktop width after. */
async function a11yAtBothWidths(page: Page, screen: string): Promise<string[]> {
  const found = await seriousA11yViolations(page, `${screen} 1280`);
  await page.setViewportSize({ width: 375, height: 812 });
  found.push(...(await seriousA11yViolations(page, `${screen} 375`)));
  await page.setViewportSize({ width: 1280, height: 900 });
  return found;
}

describe('Catalog screens and the session (Chromium)', () => {
  it('renames a celebrity in Celebrity Management; the storefront answers under the new name', async () => {
    // the celebrity with the most public looks, and how many the storefront lists for them
    const before = await publicGet<PostListWithFacetsAnswer>('/posts?limit=1');
    const top = before.body.facets.celebrities.reduce((most, next) =>
      next.count > most.count ? next : most,
    );
    expect(top.count).toBeGreaterThan(0);
    const oldName = top.name;
    const newName = 'Avery E2E Renamed';
    const newSlug = 'avery-e2e-renamed';
    expect((await publicGet(`/posts/celebrity/${newSlug}`)).status).toBe(404);

    const { context, page, pageErrors } = await openPage(1280);
    await journey.signIn(page);
    await nav(page, 'Celebrities').click();
    await page.getByRole('heading', { name: 'Celebrity Management' }).waitFor();
    await page.getByRole('button', { name: `Edit ${oldName}`, exact: true }).waitFor();
    expect(await a11yAtBothWidths(page, 'celebrities')).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search celebrities' }).fill(oldName);
    await page.getByRole('button', { name: `Edit ${oldName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Celebrity' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe(oldName);
    await dialog.getByLabel('Name').fill(newName);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Celebrity updated' }).waitFor();
    // the list is re-read: the old name is gone, the new one is there with its looks
    await page.getByRole('searchbox', { name: 'Search celebrities' }).fill('');
    const renamed = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Edit ${newName}`, exact: true }) });
    await renamed.waitFor();
    expect(await page.getByRole('button', { name: `Edit ${oldName}`, exact: true }).count()).toBe(0);

    // the storefront: the looks are listed under the new name, none under the old one
    const byNewName = await publicGet<PostListWithFacetsAnswer>(
      `/posts?celebrity=${encodeURIComponent(newName)}&limit=200`,
    );
    expect(byNewName.status).toBe(200);
    expect(byNewName.body.pagination.totalPosts).toBe(top.count);
    expect(new Set(byNewName.body.posts.map((post) => post.celebrity))).toEqual(new Set([newName]));
    const byOldName = await publicGet<PostListWithFacetsAnswer>(
      `/posts?celebrity=${encodeURIComponent(oldName)}&limit=200`,
    );
    expect(byOldName.body.pagination.totalPosts).toBe(0);
    // and the celebrity profile answers at the new name's slug
    const profile = await publicGet<CelebrityProfileAnswer>(`/posts/celebrity/${newSlug}?limit=12`);
    expect(profile.status).toBe(200);
    expect(profile.body.celebrity.name).toBe(newName);
    expect(profile.body.pagination.totalPosts).toBe(top.count);
    expect(profile.body.posts.every((post) => post.celebrity === newName)).toBe(true);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('refreshes a show from TVmaze in Shows Management and shows what TVmaze answered', async () => {
    const { context, page, pageErrors } = await openPage(1280);
    await journey.signIn(page);
    await nav(page, 'Shows').click();
    await page.getByRole('heading', { name: 'Shows Management' }).waitFor();
    const firstRow = page.getByRole('table').getByRole('row').nth(1);
    const showName = await firstRow.locator('.entity-name').innerText();
    expect(await a11yAtBothWidths(page, 'shows')).toEqual([]);

    // the term TVmaze is searched with, as the Edit Show modal shows it
    await page.getByRole('button', { name: `Edit ${showName}`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Show' });
    const searchTerm = (await dialog.getByLabel('Search Term').inputValue()) || showName;
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    fakeTvmaze().shows.set(searchTerm.toLowerCase(), {
      id: 4242,
      name: showName,
      status: 'In Development',
      premiered: '1999-09-09',
      genres: ['Mystery', 'Science-Fiction', 'Comedy'],
      summary: '<p>Found by the <b>fake</b> TVmaze.</p>',
      network: { id: 99, name: 'E2E Network' },
      webChannel: null,
      image: null,
      _embedded: { cast: [{ person: { name: 'Casey E2E', image: null } }] },
    });
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Edit ${showName}`, exact: true }) });

    await row.getByRole('button', { name: `More actions for ${showName}` }).click();
    await page.getByRole('menuitem', { name: 'Refresh from TVmaze' }).click();
    await page.getByRole('status').filter({ hasText: 'Show refreshed from TVmaze' }).waitFor();
    expect(fakeTvmaze().searches).toEqual([searchTerm]);
    // the row: the first two genres under the name, then Network, Status, Posts, Premiered
    await expect
      .poll(() => row.getByRole('rowheader').innerText())
      .toBe(`${showName}\nMystery, Science-Fiction`);
    expect((await row.getByRole('cell').allInnerTexts()).slice(0, 4)).toEqual([
      'E2E Network',
      'In Development',
      expect.any(String),
      '1999-09-09',
    ]);
    await row.getByRole('button', { name: `More actions for ${showName}` }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the session past an access token expiry while the Dashboard loads in parallel', async () => {
    const { context, page, pageErrors } = await openPage(1280);
    const { url, admin } = journey.stack;
    // signing in from a link to Shows lands there, so the Dashboard's calls are first made later
    await page.goto(`${url}/admin/shows`);
    await page.getByLabel('Username').waitFor();
    expect(await seriousA11yViolations(page, 'sign-in')).toEqual([]);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Shows Management' }).waitFor();

    const unauthorized: string[] = [];
    const refreshTokensSent: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) unauthorized.push(new URL(response.url()).pathname);
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/auth/refresh')
        refreshTokensSent.push((request.postDataJSON() as { refreshToken: string }).refreshToken);
    });

    // the one fixed wait: until the access token has expired (exp is in whole seconds)
    const accessToken = await page.evaluate(() => localStorage.getItem('adminAccessToken'));
    const { exp } = JSON.parse(Buffer.from(accessToken!.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
    };
    expect(exp).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + ACCESS_TOKEN_TTL_SECONDS);
    await letTimePass(Math.max(0, exp * 1000 + 1000 - Date.now()));

    // the Dashboard asks for the post and the admin statistics at once, both with the expired token
    await nav(page, 'Dashboard').click();
    const postStats = page.getByRole('region', { name: 'Post Statistics' });
    const totalPosts = postStats.locator('.stat-total dd').filter({ hasText: '20' });
    // signed out instead (the login form) fails here, not after a locator's timeout
    await totalPosts.or(page.getByRole('button', { name: 'Sign in' })).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/?$/);
    await totalPosts.waitFor();
    await page.getByRole('region', { name: 'Admin Statistics' }).getByText('Total Admins').waitFor();
    expect(unauthorized).toEqual(
      expect.arrayContaining(['/api/admin/posts/stats', '/api/admin/accounts/stats']),
    );
    // one refresh served both: a refresh token sent twice would end the session (admin.md §4)
    expect(refreshTokensSent.length).toBeGreaterThan(0);
    expect(new Set(refreshTokensSent).size).toBe(refreshTokensSent.length);

    // still signed in on the next screen
    await nav(page, 'Celebrities').click();
    await page.getByRole('heading', { name: 'Celebrity Management' }).waitFor();
    await page.getByRole('table').getByRole('row').nth(1).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/celebrities');
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('adminRefreshToken'))).not.toBeNull();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
