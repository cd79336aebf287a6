import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letTimePass } from '@celebstyle/service-kit/testing';
import { headerOf, SmtpInbox, startE2eStack, type E2eStack, type ReceivedMail } from '../src/e2e/index.ts';
import { startFakeShop, type FakeShop } from './support/fake-shop.ts';

// A shopper's back-in-stock alert under the whole product, as `npm start` runs it: the catalog
// takes an imported look, link-validation's worker checks its link against a fake shop on
// 127.0.0.1, its health events reach the newsletter worker, and the alert e-mail goes out through
// a real SMTP server on 127.0.0.1.

const AFFILIATE = { base: 'https://go.affiliate.test/', partner: 'alert-partner' };
const LOOK = 'Camel Coat at Central Perk';
const ITEM = 'Camel Wool Coat';
const PRODUCT = '/p/camel-wool-coat';

let shop: FakeShop;
let inbox: SmtpInbox;
let e2e: E2eStack;
let token = '';

beforeAll(async () => {
  shop = await startFakeShop('Alert Shop', 'www.alert-shop.localhost');
  inbox = new SmtpInbox();
  await inbox.start();
  e2e = await startE2eStack('alert_restock', {
    seedPosts: 0,
    workers: true,
    // The API only: the web apps the gateway would serve are not opened.
    build: false,
    env: {
      SMTP_URL: inbox.url,
      LINK_CHECK_RESOLVE: shop.pins,
      LINK_CHECK_SWEEP_MS: '1000',
      LINK_CHECK_HOST_INTERVAL_MS: '100',
      POST_EVENTS_SWEEP_MS: '1000',
      ALERT_GROUP_WINDOW_MS: '1000',
      AFFILIATE_REDIRECT_BASE_URL: AFFILIATE.base,
      AFFILIATE_PARTNER_ID: AFFILIATE.partner,
      // the show lookup of an import asks the shop's bare address, which answers 404
      TVMAZE_BASE_URL: shop.origin,
    },
  });
  const login = await call<{ accessToken: string }>('POST', '/api/admin/auth/login', {
    username: e2e.stack.admin.username,
    password: e2e.stack.admin.password,
  });
  token = login.accessToken;
}, 240_000);

afterAll(async () => {
  await e2e?.stop();
  await inbox?.stop();
  await shop?.close();
}, 120_000);

async function call<T>(method: string, path: string, body?: unknown, base = e2e.url): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface AlertTarget {
  links: { linkId: string; text: string; status: string; price: number | null }[];
}
/** The look's links as link-validation knows them (the internal route newsletter-support asks). */
const target = (postId: string) =>
  call<AlertTarget>(
    'GET',
    `/internal/alert-targets/${postId}`,
    undefined,
    e2e.stack.services['link-validation'],
  ).catch(() => null);

/** The look imported and approved as an admin would, its shop's tracking parameters dropped; its post id. */
async function publishLook(): Promise<string> {
  await call('POST', '/api/admin/url-cleaning-rules', {
    domain: 'alert-shop.localhost',
    notes: 'tracking parameters only',
  });
  const imported = await call<{ created: number }>('POST', '/api/admin/posts/import', [
    {
      url: 'https://wornontv.net/alert-restock-look/',
      title: LOOK,
      description: 'Imported for the restock alert test',
      celebrity: 'Rachel Green',
      show: 'Friends',
      brand: 'Max Mara',
      productType: 'Coat',
      platform: 'wornontv',
      affiliateLinks: [{ text: ITEM, url: `${shop.url(PRODUCT)}?utm_source=celebstyle` }],
    },
  ]);
  expect(imported.created).toBe(1);
  const pending = await call<{ posts: { _id: string; title: string }[] }>(
    'GET',
    '/api/admin/posts?status=pending&limit=10',
  );
  const postId = pending.posts.find((post) => post.title === LOOK)!._id;
  await call('POST', '/api/admin/posts/bulk-approve', { postIds: [postId] });
  return postId;
}

/** Asks for a check of the link ("Check now") until link-validation shows `status`. */
async function checkUntil(postId: string, linkId: string, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const link = (await target(postId))?.links[0];
        if (link?.status === status) return status;
        await call('POST', `/api/admin/link-validation/links/${linkId}/check`).catch(() => undefined);
        return link?.status;
      },
      { timeout: 60_000, interval: 1_500 },
    )
    .toBe(status);
}

/** When the newsletter worker last applied a health event of the link (alerts.link_checks). */
async function lastAppliedCheck(linkId: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: e2e.stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ checked_at: Date }>(
      'select checked_at from alerts.link_checks where link_id = $1',
      [linkId],
    );
    return rows[0]?.checked_at.getTime() ?? null;
  } finally {
    await client.end();
  }
}

const restockMails = (email: string): ReceivedMail[] =>
  inbox.to(email).filter((mail) => headerOf(mail, 'Subject')?.startsWith('Back in stock') === true);

describe('back in stock under the full stack', () => {
  it('a sold-out link restocks at the shop: one e-mail with the look, item, retailer, prices and the affiliate Shop Now; a second restock within 24 h sends nothing', async () => {
    shop.offer(PRODUCT, { inStock: false, price: 120 });
    const postId = await publishLook();
    // the change feed brings the approved look to link-validation, whose worker checks its link
    await expect
      .poll(async () => (await target(postId))?.links[0], { timeout: 90_000, interval: 1_000 })
      .toMatchObject({ text: ITEM, status: 'sold_out', price: 120 });
    const linkId = (await target(postId))!.links[0]!.linkId;

    const email = 'rachel@example.com';
    const answer = await fetch(`${e2e.url}/api/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, postId, linkId, kind: 'back_in_stock' }),
    });
    expect(answer.status).toBe(200);
    await expect.poll(() => inbox.to(email).length, { timeout: 30_000 }).toBe(1);
    const confirmPath = /\/api\/alerts\/confirm\/[A-Za-z0-9_-]{43}/.exec(inbox.to(email)[0]!.body)?.[0];
    expect(confirmPath).toBeDefined();
    const confirmed = await fetch(`${e2e.url}${confirmPath!}`, { headers: { accept: 'application/json' } });
    expect(confirmed.status).toBe(200);

    shop.offer(PRODUCT, { inStock: true, price: 96 });
    await checkUntil(postId, linkId, 'active');
    await expect.poll(() => restockMails(email).length, { timeout: 60_000 }).toBe(1);
    const mail = restockMails(email)[0]!;
    expect(headerOf(mail, 'Subject')).toBe(`Back in stock: ${ITEM}`);
    expect(mail.body).toContain(`Back in stock: ${ITEM} at Alert Shop`);
    expect(mail.body).toContain(`From the look: ${LOOK}`);
    expect(mail.body).toContain('Was $120.00, now $96.00');
    // Shop Now: the cleaned address (no utm_source) through the affiliate redirect, as the storefront's
    const shopNow = `${AFFILIATE.base}?url=${encodeURIComponent(shop.url(PRODUCT))}&id=${AFFILIATE.partner}`;
    expect(mail.body).toContain(`Shop Now: ${shopNow}`);
    expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Sold out again, then back within the day: link-validation reports it, the alert stays quiet.
    shop.offer(PRODUCT, { inStock: false, price: 96 });
    await checkUntil(postId, linkId, 'sold_out');
    shop.offer(PRODUCT, { inStock: true, price: 90 });
    const before = (await lastAppliedCheck(linkId)) ?? 0;
    await checkUntil(postId, linkId, 'active');
    await expect
      .poll(async () => ((await lastAppliedCheck(linkId)) ?? 0) > before, { timeout: 30_000 })
      .toBe(true);
    // on purpose: no second e-mail comes past the grouping window and the digest that follows it
    await letTimePass(4_000);
    expect(restockMails(email)).toHaveLength(1);
    expect(inbox.to(email)).toHaveLength(2); // the confirmation and the one restock e-mail
  }, 300_000);
});
