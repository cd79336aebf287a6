import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import type { Browser, Locator, Page } from 'playwright-core';
import { AlertText } from '@celebstyle/contracts';
import { QueueName, createWorkerConnection, type LinkHealthStatusEvent } from '@celebstyle/queue';
import { launchChromium, SmtpInbox, headerOf } from '@celebstyle/deploy/e2e';
import { startE2eStack, type E2eStack } from './support/stack.ts';
import {
  observeLayoutShifts,
  readCls,
  seriousAxeViolations,
  trackApiRequests,
  waitUntilSettled,
} from './support/public-pages.ts';

// The shopper alert form of the product page in real Chromium, by keyboard only, against the running
// stack with its workers: the double opt-in e-mail reaches a real SMTP server on 127.0.0.1 and its
// confirm link is followed. A sold-out item reaches the catalog as link-validation reports it, as
// an event on the link-health-events queue that the catalog worker stores.
type ApiPost = {
  _id: string;
  title: string;
  affiliateLinks: { _id: string; text: string; health?: string | null }[];
};

let stack: E2eStack;
let inbox: SmtpInbox;
let browser: Browser;
let connection: ReturnType<typeof createWorkerConnection>;
let healthEvents: Queue<LinkHealthStatusEvent>;
let posts: ApiPost[];

beforeAll(async () => {
  inbox = new SmtpInbox();
  await inbox.start();
  stack = await startE2eStack('shopper_alert', 40, {
    workers: true,
    env: { SMTP_URL: inbox.url },
  });
  connection = createWorkerConnection(stack.stack.redisUrl);
  healthEvents = new Queue<LinkHealthStatusEvent>(QueueName.linkHealthEvents, {
    connection,
    prefix: stack.stack.queuePrefix,
  });
  browser = await launchChromium();
  posts = ((await api('/api/posts?limit=40')) as { posts: ApiPost[] }).posts;
}, 150_000);

afterAll(async () => {
  await browser?.close();
  await healthEvents?.close();
  connection?.disconnect();
  await stack?.stop();
  await inbox?.stop();
}, 60_000);

async function api(path: string): Promise<unknown> {
  const res = await fetch(stack.url + path);
  expect(res.status).toBe(200);
  return res.json();
}

/** Waits until link-validation knows the look (the change feed brought it): an alert asks it. */
async function untilAlertable(post: ApiPost): Promise<void> {
  const linkValidation = stack.stack.services['link-validation']!;
  await expect
    .poll(async () => (await fetch(`${linkValidation}/internal/alert-targets/${post._id}`)).status, {
      timeout: 60_000,
      interval: 500,
    })
    .toBe(200);
}

let clock = Date.now();
/** Every link of the post sold out, as link-validation reports it; waits until the public answer says so. */
async function sellOut(post: ApiPost): Promise<void> {
  for (const link of post.affiliateLinks) {
    const job = await healthEvents.add('link-health-changed', {
      postId: post._id,
      linkId: link._id,
      status: 'sold_out',
      checkedAt: new Date((clock += 1_000)).toISOString(),
    });
    await expect.poll(() => healthEvents.getJobState(job.id!), { timeout: 15_000 }).toBe('completed');
  }
  await expect
    .poll(
      async () =>
        ((await api(`/api/posts/${post._id}`)) as ApiPost).affiliateLinks.every(
          (link) => link.health === 'sold_out',
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** A product page in a fresh context, its layout shifts observed from the first paint. */
async function openProduct(id: string): Promise<{ page: Page; alertRequests: () => number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await observeLayoutShifts(page);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/alerts') posted += 1;
  });
  const inFlight = trackApiRequests(page);
  await page.goto(`${stack.url}/product/${id}`);
  await page.locator('h1').waitFor();
  await waitUntilSettled(page, inFlight);
  return { page, alertRequests: () => posted };
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** Tabs through the page from the top until `target` has the focus (keyboard only). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 150; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error('the control was not reached with Tab');
}

/** Opens the alert form with the keyboard: the e-mail field takes the focus. */
async function openAlertForm(page: Page, label: string) {
  const toggle = page.getByRole('button', { name: label, exact: true });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  const form = page.getByRole('form', { name: label });
  const email = form.getByRole('textbox', { name: 'Email address' });
  await email.waitFor();
  await expect.poll(() => isFocused(email)).toBe(true);
  return { form, email, status: form.getByRole('status') };
}

/** Replaces the field's text by keyboard: select all, type. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const confirmLinkIn = (body: string) =>
  /https?:\/\/[^\s"<>]+\/api\/alerts\/confirm\/[A-Za-z0-9_-]{43}/.exec(body)?.[0];

describe('shopper alert form (Chromium, keyboard only)', () => {
  it('"Notify me when it\'s back" on a sold-out item: validation, success, the double opt-in e-mail and its confirm link', async () => {
    const post = posts.find((p) => p.affiliateLinks.length > 0)!;
    await untilAlertable(post);
    await sellOut(post);
    const { page, alertRequests } = await openProduct(post._id);
    const { email, status } = await openAlertForm(page, "Notify me when it's back");

    // A bad address: the spec's message, announced politely, the field marked and still focused.
    await page.keyboard.type('not-an-email');
    await page.keyboard.press('Enter');
    await expect.poll(() => status.textContent()).toBe('Please enter a valid email address');
    expect(await status.getAttribute('aria-live')).toBe('polite');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(email)).toBe(true);
    expect(alertRequests()).toBe(0);

    const address = `fan-${Date.now().toString(36)}@example.com`;
    await retype(page, address);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => status.textContent())
      .toBe('Check your email: we sent you a link to turn the alert on.');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    expect(await email.inputValue()).toBe('');
    expect(await isFocused(email)).toBe(true);
    expect(alertRequests()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    const cls = await readCls(page);
    expect(cls.value, cls.worst.join('; ')).toBeLessThanOrEqual(0.05);

    await expect.poll(() => inbox.to(address).length, { timeout: 30_000 }).toBe(1);
    const mail = inbox.to(address)[0]!;
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.body).toContain(post.title);
    const confirm = confirmLinkIn(mail.body);
    expect(confirm).toBeDefined();
    await page.goto(confirm!);
    await page.getByText(AlertText.confirmed).waitFor();
    // single use: the same link again says so
    await page.goto(confirm!);
    await page.getByText(AlertText.tokenInvalid).waitFor();
    await page.context().close();
  });

  it('"Tell me if the price drops" where a price is known: an error while alerts are unavailable, then success', async () => {
    const post = posts.find(
      (p) => /\$\d/.test(p.affiliateLinks[0]?.text ?? '') && !p.affiliateLinks[0]!.health,
    )!;
    expect(post).toBeDefined();
    await untilAlertable(post);
    const { page } = await openProduct(post._id);
    const { email, status } = await openAlertForm(page, 'Tell me if the price drops');
    const address = `deals-${Date.now().toString(36)}@example.com`;

    // link-validation, which newsletter-support asks about the look, is down: a 503
    await stack.stack.control.kill('link-validation', 'SIGKILL');
    try {
      await page.keyboard.type(address);
      await page.keyboard.press('Enter');
      await expect.poll(() => status.textContent()).toBe('Something went wrong. Please try again.');
      expect(await email.getAttribute('aria-invalid')).toBe('true');
      expect(await email.inputValue()).toBe(address);
      expect(await isFocused(email)).toBe(true);
    } finally {
      await stack.stack.control.start('link-validation');
    }
    expect(inbox.to(address)).toHaveLength(0);

    // again from the form's button: it keeps the focus while the request runs and after
    const submit = page.getByRole('button', { name: 'Notify me', exact: true });
    await page.keyboard.press('Tab');
    expect(await isFocused(submit)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => status.textContent())
      .toBe('Check your email: we sent you a link to turn the alert on.');
    expect(await isFocused(submit)).toBe(true);
    const cls = await readCls(page);
    expect(cls.value, cls.worst.join('; ')).toBeLessThanOrEqual(0.05);
    await expect.poll(() => inbox.to(address).length, { timeout: 30_000 }).toBe(1);
    expect(confirmLinkIn(inbox.to(address)[0]!.body)).toBeDefined();
    await page.context().close();
  });
});
