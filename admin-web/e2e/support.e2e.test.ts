import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  SupportCreateAnswer,
  SupportCreateBody,
  SupportRequestAnswer,
  SupportStatsAnswer,
} from '@celebstyle/contracts';
import { adminJourney } from './admin-journey.ts';
import { seriousA11yViolations } from './axe.ts';

// admin.md §2 Support Requests, §4 Support request status, §7 Support: the screen in real Chromium
// against the real product (every service on free ports, a throw-away database).
const journey = adminJourney();

/** A visitor's request through the public form's API (one only: the service rate limits per address). */
async function createRequest(body: SupportCreateBody): Promise<string> {
  const res = await fetch(`${journey.stack.url}/api/support`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as SupportCreateAnswer).data.requestId;
}

/** What the service has stored, read with the signed-in admin's token. */
async function stored(page: Page, requestId: string) {
  return page.evaluate(async (id) => {
    const token = localStorage.getItem('adminAccessToken');
    const res = await fetch(`/api/admin/support/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as SupportRequestAnswer).data;
  }, requestId);
}

/** The element's top is inside the visible part of the page. */
/** The support statistics as the admin API answers them now. */
async function statsNow(page: Page) {
  return page.evaluate(async () => {
    const token = localStorage.getItem('adminAccessToken');
    const res = await fetch('/api/admin/support/stats', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as SupportStatsAnswer).data;
  });
}

async function expectInViewport(page: Page, locator: ReturnType<Page['locator']>) {
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const height = page.viewportSize()!.height;
      return box !== null && box.y >= 0 && box.y < height;
    })
    .toBe(true);
}

describe('Support Requests (Chromium)', () => {
  it('opens a new request (in progress), responds to it and resolves it', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);
    // the stack is shared with other files: the statistics count from what they were before
    const before = await statsNow(page);
    const requestId = await createRequest({
      name: 'Ada Visitor',
      email: 'ada.visitor@example.com',
      subject: 'Featured Item Question',
      message: 'Where can I buy the green coat from episode 3?',
    });
    expect(requestId).toMatch(/^SR-\d{8}-[0-9A-Z]{6}$/);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Support' }).click();
    await page.waitForURL(`${journey.stack.url}/admin/support`);
    await page.getByRole('heading', { name: 'Support Requests' }).waitFor();

    const stats = page.getByLabel('Support statistics');
    const stat = (label: string) =>
      stats.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    await stat('Unread')
      .getByText(String(before.unread + 1), { exact: true })
      .waitFor();
    expect(await stat('Total').locator('dd').innerText()).toBe(String(before.total + 1));

    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Ada Visitor' }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      'Ada Visitor\nada.visitor@example.com\nFeatured Item Question\nMedium',
      'Unread',
      'less than a minute ago',
    ]);

    // Opening an unread request sets it to in-progress; the list and the stats follow.
    await row.getByRole('button', { name: 'Ada Visitor' }).click();
    const detail = page.getByRole('complementary', { name: 'Request Details' });
    await detail.getByText(requestId, { exact: true }).waitFor();
    await detail.getByText('Where can I buy the green coat from episode 3?').waitFor();
    const statusButtons = detail.getByRole('group', { name: 'Update Status' });
    await statusButtons.getByRole('button', { name: 'In Progress', disabled: true }).waitFor();
    await row.getByText('In Progress', { exact: true }).waitFor();
    await stat('In Progress')
      .getByText(String(before.inProgress + 1), { exact: true })
      .waitFor();
    expect(await stat('Unread').locator('dd').innerText()).toBe(String(before.unread));
    expect((await stored(page, requestId)).status).toBe('in-progress');

    // Send a response: the form gives way to the stored response.
    const form = detail.getByRole('form', { name: 'Update notes regarding this request' });
    const send = form.getByRole('button', { name: 'Send Response' });
    expect(await send.isDisabled()).toBe(true);
    await form.getByRole('textbox').fill('Hi Ada, it is the Zara wool coat; the link is on the post.');
    await send.click();
    const response = detail.getByRole('region', { name: 'Response' });
    await response.getByText('Hi Ada, it is the Zara wool coat; the link is on the post.').waitFor();
    await form.waitFor({ state: 'detached' });
    expect((await stored(page, requestId)).response?.text).toBe(
      'Hi Ada, it is the Zara wool coat; the link is on the post.',
    );

    // Mark it resolved.
    await statusButtons.getByRole('button', { name: 'Resolved' }).click();
    await statusButtons.getByRole('button', { name: 'Resolved', disabled: true }).waitFor();
    await row.getByText('Resolved', { exact: true }).waitFor();
    await stat('Resolved')
      .getByText(String(before.resolved + 1), { exact: true })
      .waitFor();
    expect((await stored(page, requestId)).status).toBe('resolved');

    expect(await seriousA11yViolations(page, 'support, a request open')).toEqual([]);

    // Under 768 px the detail panel stacks below the list, and the page does not scroll sideways.
    await page.setViewportSize({ width: 375, height: 812 });
    const list = await page.locator('.support-master').boundingBox();
    const panel = await detail.boundingBox();
    expect(panel!.y).toBeGreaterThanOrEqual(list!.y + list!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // every column of the list fits: Status and Date are not pushed out of the box
    const box = page.locator('.support-master .table-scroll');
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const text of ['Resolved', 'less than a minute ago']) {
      const cell = await row.getByText(text, { exact: true }).boundingBox();
      expect(cell!.x + cell!.width, text).toBeLessThanOrEqual(375);
    }
    // opening a request from the top of the page brings its details into view
    await page.evaluate(() => window.scrollTo(0, 0));
    await row.getByRole('button', { name: 'Ada Visitor' }).click();
    await detail.getByText(requestId, { exact: true }).waitFor();
    await expectInViewport(page, detail.getByRole('heading', { name: 'Request Details' }));
    expect(await seriousA11yViolations(page, 'support at 375 px')).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
