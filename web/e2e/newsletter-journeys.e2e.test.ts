import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Browser, type Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { startStack, type RunningStack } from '@celebstyle/deploy';
import { launchChromium } from '@celebstyle/deploy/e2e';
import { hydrated } from './support/hydrated.ts';

let stack: RunningStack;
let database: TestDatabase;
let dataDir: string;
let browser: Browser;
const logs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase('e2e_newsletter');
  dataDir = await mkdtemp(path.join(tmpdir(), 'e2e-newsletter-'));
  // Without SMTP_URL the e-mail worker writes each message as .eml into <dataDir>/outbox: the
  // development default, and the "captured" mail this test reads.
  stack = await startStack({
    port: 0,
    servicePorts: { catalog: 0, accounts: 0, 'newsletter-support': 0, 'link-validation': 0 },
    databaseUrl: database.url,
    queuePrefix: `e2e-newsletter-${randomBytes(3).toString('hex')}`,
    dataDir,
    seedPosts: 20,
    logLevel: 'warn',
    log: (line) => logs.push(line),
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Quoted-printable soft breaks and escapes undone, enough to read links and words. */
const decoded = (eml: string) =>
  eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function waitForEmail(to: string, timeout = 30_000): Promise<string> {
  const folder = path.join(dataDir, 'outbox');
  return vi.waitFor(
    async () => {
      const files = await readdir(folder).catch(() => [] as string[]);
      for (const file of files) {
        const eml = await readFile(path.join(folder, file), 'utf8');
        if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(eml)) return decoded(eml);
      }
      throw new Error(`no e-mail to ${to} yet\n${logs.slice(-30).join('\n')}`);
    },
    { timeout, interval: 250 },
  );
}

async function newPage(): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

describe('newsletter and support journeys in Chromium', () => {
  it('subscribes from the footer, confirms through the e-mailed link, then one-click unsubscribes', async () => {
    const email = `fan-${randomBytes(4).toString('hex')}@example.com`;
    const page = await newPage();
    await page.goto(`${stack.url}/`);
    const footer = page.locator('footer');
    // The footer form mounts when it nears the viewport: scroll down until it is there.
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return footer.getByLabel('Email address').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await footer.getByLabel('Email address').fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => footer.locator('form [role="status"]').textContent(), { timeout: 15_000 })
      .toBe('Thank you for subscribing! Please check your email to confirm.');

    const mail = await waitForEmail(email);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /https?:\/\/[^\s"<>]+\/confirm-subscription\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeDefined();

    await page.goto(link!);
    await expect
      .poll(
        () =>
          page
            .getByText(
              'Your subscription has been confirmed successfully! You will now receive our newsletters.',
            )
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);

    // RFC 8058 one-click through the gateway: a cookie-less form POST to the List-Unsubscribe link
    // unsubscribes; opening the link (GET) leads to the /unsubscribe page.
    const headers = mail.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const oneClick = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(headers)?.[1];
    expect(oneClick).toBeDefined();
    const viaGateway = new URL(new URL(oneClick!).pathname, stack.url).toString();
    const post = await fetch(viaGateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({ success: true, alreadyUnsubscribed: false });
    await page.goto(viaGateway);
    expect(new URL(page.url()).pathname).toBe('/unsubscribe');
    await expect
      .poll(() => page.getByText('You are not currently subscribed to our newsletter.').count(), {
        timeout: 15_000,
      })
      .toBe(1);
    await page.context().close();
  });

  it('sends the contact form and shows the Reference ID', async () => {
    const email = `visitor-${randomBytes(4).toString('hex')}@example.com`;
    const page = await newPage();
    await page.goto(`${stack.url}/get-in-touch`);
    await hydrated(page);
    const form = page.locator('main form');
    await form.getByLabel('Name').fill('Vera Visitor');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Subject').selectOption('Featured Item Question');
    await form.getByLabel('Message').fill('Which brand is the red bag in the finale?');
    await form.getByRole('button', { name: 'Send Message' }).click();

    const reference = page.locator('main strong.font-mono');
    await expect.poll(() => reference.count(), { timeout: 15_000 }).toBe(1);
    const requestId = (await reference.textContent())?.trim() ?? '';
    expect(requestId).toMatch(/^SR-\d{8}-[0-9A-Z]{6}$/);
    expect(
      await page
        .getByText("Thank you! Your message has been received. We'll get back to you as soon as possible.")
        .count(),
    ).toBe(1);

    // The visitor's confirmation e-mail carries the same reference; the form comes back by itself.
    expect(await waitForEmail(email)).toContain(requestId);
    await expect
      .poll(() => page.getByRole('button', { name: 'Send Message' }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.context().close();
  });
});
