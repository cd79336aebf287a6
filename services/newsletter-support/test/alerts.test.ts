import { AlertText } from '@celebstyle/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_URL, startHarness, type Harness } from './helpers/app.ts';
import { alertEventPublisher, healthEvent, newLook } from './helpers/alert-events.ts';
import { decodedBody, header, type CapturedMail } from './helpers/smtp-capture.ts';
import { letTimePass } from '@celebstyle/service-kit/testing';

let h: Harness;
let events: ReturnType<typeof alertEventPublisher>;
beforeAll(async () => {
  h = await startHarness({ name: 'alerts' });
  await h.startAlerts();
  events = alertEventPublisher(h);
});
afterAll(async () => {
  await events?.close();
  await h?.close();
});

const subscribe = (payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/alerts', payload });
const alertRows = () => h.db.selectFrom('alerts.alerts').selectAll().execute();
const outboxTo = (email: string) =>
  h.db.selectFrom('newsletter.email_outbox').selectAll().where('to_address', '=', email).execute();
/** The alerts here are about what is not sent: time for a wrongly sent e-mail to show up first. */
const quiet = (ms = 400) => letTimePass(ms);

function confirmTokenIn(mail: CapturedMail): string {
  const match = /\/api\/alerts\/confirm\/([A-Za-z0-9_-]{43})/.exec(decodedBody(mail.raw));
  if (!match) throw new Error('no confirmation link in the e-mail');
  return match[1]!;
}

/** Subscribes and confirms through the e-mail's link: the address's alerts are on. */
async function confirmedAlert(email: string, payload: Record<string, unknown>) {
  expect((await subscribe({ email, ...payload })).statusCode).toBe(200);
  const mail = await h.smtp.waitFor((m) => m.to.includes(email) && /confirm your/i.test(m.raw));
  const confirmed = await h.app.inject({ method: 'GET', url: `/api/alerts/confirm/${confirmTokenIn(mail)}` });
  expect(confirmed.json()).toEqual({ success: true, message: AlertText.confirmed });
}

/** Alert e-mails (not confirmations) received by `email`. */
const alertMails = (email: string) =>
  h.smtp.to(email).filter((m) => /Good news from your alerts/.test(decodedBody(m.raw)));

describe('POST /api/alerts: bad input', () => {
  it('names the field, answers 400 or 404 and stores nothing', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const ok = { email: 'bad@example.com', postId: look.postId, kind: 'back_in_stock' };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...ok, email: 'not-an-email' }, 400, AlertText.invalidEmail],
      [{ ...ok, kind: 'restock' }, 400, AlertText.invalidKind],
      [{ ...ok, kind: 'price_drop', targetPrice: -5 }, 400, AlertText.invalidTargetPrice],
      [{ ...ok, kind: 'price_drop', targetPrice: 0 }, 400, AlertText.invalidTargetPrice],
      [{ ...ok, kind: 'price_drop', targetPrice: 'cheap' }, 400, AlertText.invalidTargetPrice],
      [{ ...ok, kind: 'price_drop', targetPrice: 12.345 }, 400, AlertText.invalidTargetPrice],
      [{ ...ok, postId: '00000000-0000-4000-8000-000000000000' }, 404, AlertText.postNotFound],
      [{ ...ok, linkId: '00000000-0000-4000-8000-000000000000' }, 404, AlertText.linkNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const answer = await subscribe(payload);
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status });
      expect(answer.json().message).toBe(message);
    }
    const malformedId = await subscribe({ ...ok, postId: 'abc' });
    expect(malformedId.statusCode).toBe(400);
    expect(malformedId.json().message).toMatch(/postId/);
    expect(malformedId.body).not.toMatch(/stack|at .*\.ts/);
    expect(await alertRows()).toHaveLength(0);
    expect(await outboxTo('bad@example.com')).toHaveLength(0);
  });
});

describe('back in stock: subscribe → confirm → restock', () => {
  it('sends exactly one e-mail naming the look, item and retailer, with the affiliate link and one-click unsubscribe', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const coat = look.links[0]!;
    const email = 'restock@example.com';
    const answer = await subscribe({
      email: 'Restock@Example.com',
      postId: look.postId,
      linkId: coat.linkId,
      kind: 'back_in_stock',
    });
    expect(answer.json()).toEqual({ success: true, requiresConfirmation: true });
    // Not confirmed yet: a restock now sends nothing.
    await events.apply(healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' }));
    await h.alerts!.digest();
    await quiet();
    expect(alertMails(email)).toHaveLength(0);

    const mail = await h.smtp.waitFor((m) => m.to.includes(email) && /confirm your/i.test(m.raw));
    const confirmed = await h.app.inject({
      method: 'GET',
      url: `/api/alerts/confirm/${confirmTokenIn(mail)}`,
    });
    expect(confirmed.statusCode).toBe(200);

    const restock = healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' });
    await events.apply(restock);
    // The same event again (at-least-once delivery) and a flap: sold out, then back again.
    await events.apply(restock);
    await events.apply(
      healthEvent(look, 0, { status: 'sold_out', stockStatus: 'out_of_stock' }, { status: 'active' }),
    );
    await events.apply(healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' }));
    const sent = await h.smtp.waitFor((m) => m.to.includes(email) && /Back in stock/.test(m.raw));
    await h.alerts!.digest();
    await quiet(800);
    expect(alertMails(email)).toHaveLength(1);

    const body = decodedBody(sent.raw);
    expect(header(sent.raw, 'Subject')).toBe('Back in stock: Camel Coat');
    expect(body).toContain('Rachel Green at Central Perk');
    expect(body).toContain('Shop A');
    // The cleaned address through the affiliate redirect, as the storefront's Shop Now.
    const href = `https://go.affiliate.test/?url=${encodeURIComponent('https://shop-a.test/p/0')}&id=partner-1`;
    expect(body).toContain(href.replace(/&/g, '&amp;'));
    expect(body).toContain(`Shop Now: ${href}`);
    expect(header(sent.raw, 'List-Unsubscribe')).toMatch(
      new RegExp(`^<${SITE_URL}/api/alerts/unsubscribe/[^>]+>$`),
    );
    expect(header(sent.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(body).toMatch(/Stop all alerts: https:\/\/shop\.test\/api\/alerts\/unsubscribe\//);
    const [row] = (await alertRows()).filter((a) => a.link_id === coat.linkId);
    expect(row).toMatchObject({ status: 'ended', end_reason: 'fired' });
  });
});

describe('price drop', () => {
  it('fires at 10% below the price at subscription, once, in the same currency only', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'deals@example.com';
    await confirmedAlert(email, { postId: look.postId, linkId: look.links[1]!.linkId, kind: 'price_drop' });

    await events.apply(healthEvent(look, 1, { price: 185 })); // 7.5% below $200: not yet
    await events.apply(healthEvent(look, 1, { price: 150, currency: 'EUR' })); // another currency
    await h.alerts!.digest();
    await quiet();
    expect(alertMails(email)).toHaveLength(0);

    await events.apply(healthEvent(look, 1, { price: 180 })); // 10% below: fires
    const sent = await h.smtp.waitFor((m) => m.to.includes(email) && /Price drop/.test(m.raw));
    expect(header(sent.raw, 'Subject')).toBe('Price drop: Leather Bag');
    expect(decodedBody(sent.raw)).toContain('Was $200.00, now $180.00');

    // Up and down again within a day: no second e-mail.
    await events.apply(healthEvent(look, 1, { price: 210 }));
    await events.apply(healthEvent(look, 1, { price: 170 }));
    await h.alerts!.digest();
    await quiet();
    expect(alertMails(email)).toHaveLength(1);
  });

  it('fires at or below a target price, not above it', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'target@example.com';
    await confirmedAlert(email, {
      postId: look.postId,
      linkId: look.links[1]!.linkId,
      kind: 'price_drop',
      targetPrice: '150',
    });
    await events.apply(healthEvent(look, 1, { price: 160 }));
    await h.alerts!.digest();
    await quiet();
    expect(alertMails(email)).toHaveLength(0);
    await events.apply(healthEvent(look, 1, { price: 149.99 }));
    const sent = await h.smtp.waitFor((m) => m.to.includes(email) && /Price drop/.test(m.raw));
    expect(decodedBody(sent.raw)).toContain('now $149.99');
  });
});

describe('a stale event: checked before the last event applied to its link', () => {
  const stateOf = async (postId: string) => {
    const { rows } = await sql<{
      status: string;
      last_notified_at: Date | null;
      notified_price: string | null;
      notifications: number;
    }>`
      select a.status, a.last_notified_at, l.notified_price,
        (select count(*)::int from alerts.notifications n where n.alert_id = a.id) as notifications
      from alerts.alerts a left join alerts.alert_links l on l.alert_id = a.id
      where a.post_id = ${postId}`.execute(h.db);
    return rows;
  };

  it('does not fire a restock that a later sold-out check has overtaken, nor change the alert', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'late-restock@example.com';
    await confirmedAlert(email, {
      postId: look.postId,
      linkId: look.links[0]!.linkId,
      kind: 'back_in_stock',
    });
    const restock = healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' });
    const soldOutAgain = healthEvent(
      look,
      0,
      { status: 'sold_out', stockStatus: 'out_of_stock' },
      { status: 'active', stockStatus: 'in_stock' },
    );
    expect(Date.parse(restock.checkedAt)).toBeLessThan(Date.parse(soldOutAgain.checkedAt));
    const before = await stateOf(look.postId);

    await events.apply(soldOutAgain);
    await events.apply(restock); // delivered late
    await h.alerts!.digest();
    await quiet();
    expect(alertMails(email)).toHaveLength(0);
    expect(await stateOf(look.postId)).toEqual(before);
    expect(before).toEqual([
      { status: 'active', last_notified_at: null, notified_price: null, notifications: 0 },
    ]);

    // The link's next real restock still fires.
    await events.apply(healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' }));
    await h.smtp.waitFor((m) => m.to.includes(email) && /Back in stock/.test(m.raw));
    expect((await stateOf(look.postId))[0]).toMatchObject({ status: 'ended', notifications: 1 });
  });

  it('does not announce an old lower price after a newer higher one', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'late-price@example.com';
    await confirmedAlert(email, { postId: look.postId, linkId: look.links[1]!.linkId, kind: 'price_drop' });
    const drop = healthEvent(look, 1, { price: 150 });
    const backUp = healthEvent(look, 1, { price: 210 }, { price: 150 });
    const before = await stateOf(look.postId);

    await events.apply(backUp);
    await events.apply(drop); // delivered late: the price is $210 now
    await h.alerts!.digest();
    await quiet();
    expect(alertMails(email)).toHaveLength(0);
    expect(await stateOf(look.postId)).toEqual(before);
  });
});

describe('several alerts of one address', () => {
  it('go in one e-mail when they fire together, and a confirmed address is subscribed at once', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'both@example.com';
    await confirmedAlert(email, { postId: look.postId, kind: 'back_in_stock' }); // whole look
    const confirmations = h.smtp.to(email).length;
    // Already confirmed: same answer, no confirmation e-mail, an "alert is on" e-mail instead.
    const second = await subscribe({
      email,
      postId: look.postId,
      linkId: look.links[1]!.linkId,
      kind: 'price_drop',
    });
    expect(second.json()).toEqual({ success: true, requiresConfirmation: true });
    await h.smtp.waitFor((m) => m.to.includes(email) && /Your alert is on/.test(decodedBody(m.raw)));
    expect(h.smtp.to(email).filter((m) => /confirm your/i.test(m.raw))).toHaveLength(confirmations);

    await Promise.all([
      events.apply(healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' })),
      events.apply(healthEvent(look, 1, { price: 150 })),
    ]);
    const sent = await h.smtp.waitFor((m) => m.to.includes(email) && /Good news/.test(decodedBody(m.raw)));
    await h.alerts!.digest();
    await quiet();
    expect(alertMails(email)).toHaveLength(1);
    expect(header(sent.raw, 'Subject')).toBe('2 of your CelebStyle alerts');
    const body = decodedBody(sent.raw);
    expect(body).toContain('Back in stock: Camel Coat');
    expect(body).toContain('Price drop: Leather Bag');
  });
});

describe('unsubscribe', () => {
  it('stops an alert by the RFC 8058 one-click POST; a GET only shows a button', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'stop@example.com';
    await confirmedAlert(email, { postId: look.postId, linkId: look.links[1]!.linkId, kind: 'price_drop' });
    await events.apply(healthEvent(look, 1, { price: 150 }));
    const sent = await h.smtp.waitFor((m) => m.to.includes(email) && /Price drop/.test(m.raw));
    const url = new URL(header(sent.raw, 'List-Unsubscribe')!.slice(1, -1));

    const page = await h.app.inject({ method: 'GET', url: url.pathname, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect((await alertRows()).find((a) => a.post_id === look.postId)?.status).toBe('active');

    const oneClick = await h.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ success: true, message: AlertText.stopped });
    expect((await alertRows()).find((a) => a.post_id === look.postId)?.status).toBe('unsubscribed');

    const forged = await h.app.inject({ method: 'POST', url: `${url.pathname.slice(0, -3)}abc` });
    expect(forged.statusCode).toBe(400);
  });

  it('stops every alert of the address from the "stop all" link', async () => {
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'all@example.com';
    await confirmedAlert(email, { postId: look.postId, kind: 'back_in_stock' });
    await subscribe({ email, postId: look.postId, kind: 'price_drop' });
    const started = await h.smtp.waitFor(
      (m) => m.to.includes(email) && /Your alert is on/.test(decodedBody(m.raw)),
    );
    const stopAll = /Stop all alerts: (\S+)/.exec(decodedBody(started.raw))![1]!;
    const answer = await h.app.inject({ method: 'POST', url: new URL(stopAll).pathname });
    expect(answer.json()).toEqual({ success: true, message: AlertText.stoppedAll });
    const { rows } = await sql<{ status: string }>`
      select a.status from alerts.alerts a join alerts.addresses d on d.id = a.address_id
      where d.email = ${email}`.execute(h.db);
    expect(rows.map((r) => r.status)).toEqual(['unsubscribed', 'unsubscribed']);
  });
});

describe('the grouping window', () => {
  it('opens with the first alert that fires: two alerts a moment apart, across a clock second, go in one e-mail', async () => {
    await h.alerts!.close();
    // A window far wider than the gap below, so a slow machine cannot push the second alert out of it.
    await h.startAlerts({ groupWindowMs: 5_000 });
    const look = newLook();
    h.targets.looks.set(look.postId, look);
    const email = 'window@example.com';
    await confirmedAlert(email, { postId: look.postId, kind: 'back_in_stock' });
    await subscribe({ email, postId: look.postId, linkId: look.links[1]!.linkId, kind: 'price_drop' });
    await h.smtp.waitFor((m) => m.to.includes(email) && /Your alert is on/.test(decodedBody(m.raw)));

    // The first fires late in a clock second, the second just after the next one begins.
    const untilMillisecond = async (from: number, to: number) => {
      while (Date.now() % 1_000 < from || Date.now() % 1_000 >= to)
        await new Promise((resolve) => setTimeout(resolve, 2));
    };
    await untilMillisecond(600, 650);
    const firstAt = Date.now();
    await events.apply(healthEvent(look, 0, { status: 'active', stockStatus: 'in_stock' }));
    await untilMillisecond(0, 300);
    await events.apply(healthEvent(look, 1, { price: 150 }));
    expect(Date.now() - firstAt).toBeLessThan(5_000);

    const sent = await h.smtp.waitFor((m) => m.to.includes(email) && /Good news/.test(decodedBody(m.raw)));
    await h.alerts!.digest();
    await quiet(1_500);
    expect(alertMails(email)).toHaveLength(1);
    expect(header(sent.raw, 'Subject')).toBe('2 of your CelebStyle alerts');
  });
});
