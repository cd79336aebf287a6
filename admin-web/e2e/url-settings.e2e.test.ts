import { describe, expect, it } from 'vitest';
import { adminJourney } from './admin-journey.ts';
import { seriousA11yViolations } from './axe.ts';

// link-health-and-routes.md §2.4, §4.7, §5, §8: the URL Cleaning Rules screen in real Chromium
// against the real product (every service on free ports, a throw-away database).
const journey = adminJourney();

async function publicDomains(): Promise<string[]> {
  const res = await fetch(`${journey.stack.url}/api/url-cleaning-rules`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { rules: { domain: string }[] };
  return body.rules.map((rule) => rule.domain);
}

describe('URL Cleaning Rules (Chromium)', () => {
  it('adds, tests, deactivates, edits and deletes a rule', async () => {
    const context = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await journey.signIn(page);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'URL Settings' }).click();
    await page.waitForURL(`${journey.stack.url}/admin/url-settings`);
    await page.getByRole('heading', { name: 'URL Cleaning Rules' }).waitFor();
    await page.getByText('No URL cleaning rules configured yet.').waitFor();

    // Add: the domain is stored normalized, the parameter goes in as a chip with Enter.
    await page.getByRole('button', { name: 'Add Rule' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add Rule' });
    await addDialog.getByLabel('Domain').fill('https://www.Example-Shop.com/');
    await addDialog.getByLabel('Preserve Parameters').fill('ref');
    await addDialog.getByLabel('Preserve Parameters').press('Enter');
    await addDialog.getByRole('listitem').filter({ hasText: 'ref' }).waitFor();
    expect(await seriousA11yViolations(page, 'url settings, Add Rule dialog')).toEqual([]);
    await addDialog.getByRole('button', { name: 'Create' }).click();
    await addDialog.waitFor({ state: 'detached' });
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'example-shop.com' }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      'ref',
      'Active',
      'No notes',
      'Edit\nDelete',
    ]);
    expect(await publicDomains()).toContain('example-shop.com');
    expect(await seriousA11yViolations(page, 'url settings')).toEqual([]);

    // Both apps have an icon: no page of either asks for a missing one.
    for (const icon of ['/favicon.ico', '/admin/favicon.ico', '/admin/favicon.svg']) {
      const res = await fetch(`${journey.stack.url}${icon}`);
      expect(res.status, icon).toBe(200);
      expect(res.headers.get('content-type'), icon).toMatch(/^image\//);
    }
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('link[rel=icon]')].map((l) => l.getAttribute('href')),
      ),
    ).toEqual(['/admin/favicon.ico', '/admin/favicon.svg']);

    // Test URL Cleaning: the active rule keeps ref and drops the tracking parameter.
    const test = page.getByRole('button', { name: 'Test', exact: true });
    expect(await test.isDisabled()).toBe(true);
    await page.getByLabel('URL to test').fill('https://example-shop.com/p/1?ref=a&utm_source=x');
    await test.click();
    await page.getByText('https://example-shop.com/p/1?ref=a', { exact: true }).waitFor();

    // Toggle to Inactive: the storefront's public read no longer lists it.
    await row.getByRole('button', { name: 'Active', exact: true }).click();
    await row.getByRole('button', { name: 'Inactive', exact: true }).waitFor();
    expect(await publicDomains()).not.toContain('example-shop.com');

    // Edit the notes; the rule stays inactive and keeps its parameter.
    await row.getByRole('button', { name: 'Edit' }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Rule' });
    expect(await editDialog.getByLabel('Domain').inputValue()).toBe('example-shop.com');
    expect(await editDialog.getByLabel('Active').isChecked()).toBe(false);
    await editDialog.getByLabel('Notes').fill('Affiliate ref only');
    await editDialog.getByRole('button', { name: 'Update' }).click();
    await editDialog.waitFor({ state: 'detached' });
    await row.getByText('Affiliate ref only').waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      'ref',
      'Inactive',
      'Affiliate ref only',
      'Edit\nDelete',
    ]);

    // At 1024 px, with the demo's rules listed (a long domain, two parameters), the table fits its
    // panel: nothing scrolls sideways.
    await page.evaluate(async () => {
      const res = await fetch('/api/admin/url-cleaning-rules', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('adminAccessToken')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          domain: 'saksfifthavenue-demo.localhost',
          preserveParams: ['color', 'size'],
          notes: 'Demo: keep the chosen colour and size',
        }),
      });
      if (!res.ok) throw new Error(`rule: ${res.status}`);
    });
    await page.reload();
    await page.getByRole('rowheader', { name: 'saksfifthavenue-demo.localhost' }).waitFor();
    await page.setViewportSize({ width: 1024, height: 900 });
    const overflow = await page.evaluate(() => {
      const table = document.querySelector('table.rules')!;
      const box = table.parentElement!;
      return {
        hidden: box.scrollWidth - box.clientWidth,
        outside: table.getBoundingClientRect().right - document.documentElement.clientWidth,
        page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      };
    });
    expect(overflow).toEqual({ hidden: 0, outside: expect.any(Number) as number, page: 0 });
    expect(overflow.outside).toBeLessThanOrEqual(0);

    // Usable on a phone: the page itself does not scroll sideways (the table may, in its box).
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Delete after the confirmation.
    await row.getByRole('button', { name: 'Delete' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Delete Rule' });
    await ask.getByText('Are you sure you want to delete this rule?').waitFor();
    await ask.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await publicDomains()).not.toContain('example-shop.com');
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
