import { NewsletterText } from '@celebstyle/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_URL, startHarness, type Harness } from './helpers/app.ts';
import { outboxRows, subscriberRow } from './helpers/outbox-rows.ts';
import { decodedBody, header } from './helpers/smtp-capture.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ name: 'newsletter' });
});
afterAll(async () => {
  await h?.close();
});

const subscribe = (email: string, extra: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email, ...extra } });
const confirmLinkIn = (raw: string) => {
  const match = /https:\/\/shop\.test\/confirm-subscription\?token=([A-Za-z0-9_-]{43})/.exec(
    decodedBody(raw),
  );
  if (!match) throw new Error('no confirmation link in the e-mail');
  return { url: match[0], token: match[1]! };
};
const confirm = (token: string) => h.app.inject({ method: 'GET', url: `/api/newsletter/confirm/${token}` });

describe('POST /api/newsletter/subscribe and GET /api/newsletter/confirm/{token}', () => {
  it('sends a confirmation e-mail whose link confirms once (double opt-in round trip)', async () => {
    const answer = await subscribe('Fan@Example.com ');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      success: true,
      message: NewsletterText.subscribed,
      alreadySubscribed: false,
      requiresConfirmation: true,
      data: { email: 'fan@example.com' },
    });
    expect((await subscriberRow(h.db, 'fan@example.com'))?.status).toBe('pending');

    const mail = await h.smtp.waitFor((m) => m.to.includes('fan@example.com'));
    const { token } = confirmLinkIn(mail.raw);
    // Only a hash is stored, never the token itself.
    const row = await subscriberRow(h.db, 'fan@example.com');
    expect(row?.confirm_token_hash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    // The template carries the spec's fields: site, social and privacy URLs, year (both parts).
    const body = decodedBody(mail.raw);
    expect(body).toContain('https://instagram.test/celebstyle');
    expect(body).toContain(`${SITE_URL}/terms`);
    expect(body).toContain(String(new Date().getUTCFullYear()));
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ success: true, message: NewsletterText.confirmed });
    expect((await subscriberRow(h.db, 'fan@example.com'))?.status).toBe('confirmed');

    const reused = await confirm(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This confirmation link is invalid or has already been used.');
  });

  it('refuses an expired token with 410 and leaves the subscriber pending', async () => {
    await subscribe('late@example.com');
    const { token } = confirmLinkIn((await h.smtp.waitFor((m) => m.to.includes('late@example.com'))).raw);
    await h.db
      .updateTable('newsletter.subscribers')
      .set({ confirm_token_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', 'late@example.com')
      .execute();
    const answer = await confirm(token);
    expect(answer.statusCode).toBe(410);
    expect(answer.json().message).toMatch(/expired/);
    expect((await subscriberRow(h.db, 'late@example.com'))?.status).toBe('pending');
  });

  it('answers 400 for a malformed or unknown token', async () => {
    expect((await confirm('short')).statusCode).toBe(400);
    expect((await confirm('A'.repeat(43))).statusCode).toBe(400);
  });

  it('tells a confirmed subscriber they are already subscribed and sends nothing', async () => {
    await subscribe('twice@example.com');
    const { token } = confirmLinkIn((await h.smtp.waitFor((m) => m.to.includes('twice@example.com'))).raw);
    await confirm(token);
    const before = (await outboxRows(h.db)).length;
    const again = await subscribe('twice@example.com');
    expect(again.json()).toMatchObject({
      success: true,
      alreadySubscribed: true,
      requiresConfirmation: false,
      message: NewsletterText.alreadySubscribed,
    });
    expect((await outboxRows(h.db)).length).toBe(before);
  });

  it('re-sends to a pending subscriber at most once per cooldown', async () => {
    await subscribe('pending@example.com');
    await subscribe('pending@example.com');
    await subscribe('pending@example.com');
    const rows = (await outboxRows(h.db)).filter((r) => r.to_address === 'pending@example.com');
    expect(rows).toHaveLength(1);
    // Past the cooldown a new e-mail goes out, and only its link works.
    await h.db
      .updateTable('newsletter.subscribers')
      .set({ confirmation_sent_at: new Date(Date.now() - 11 * 60_000) })
      .where('email', '=', 'pending@example.com')
      .execute();
    await subscribe('pending@example.com');
    await h.smtp.waitFor(
      (m) => h.smtp.to('pending@example.com').length === 2 && m.to.includes('pending@example.com'),
    );
    const [first, second] = h.smtp.to('pending@example.com');
    expect((await confirm(confirmLinkIn(first!.raw).token)).statusCode).toBe(400);
    expect((await confirm(confirmLinkIn(second!.raw).token)).statusCode).toBe(200);
  });

  it('refuses an invalid address with the spec message and stores nothing', async () => {
    for (const email of ['', 'plain', 'a@b', 'a b@c.de', `${'x'.repeat(250)}@example.com`]) {
      const answer = await subscribe(email);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Please enter a valid email address');
    }
    const oversize = await subscribe('x'.repeat(2000));
    expect(oversize.statusCode).toBe(400);
    const count = await h.db
      .selectFrom('newsletter.subscribers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'not like', '%@example.com')
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(0);
  });

  it('drops a bot that fills the honeypot: success answer, nothing stored or sent', async () => {
    const before = (await outboxRows(h.db)).length;
    const answer = await subscribe('bot@example.com', { website: 'https://spam.test' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, requiresConfirmation: true });
    expect(await subscriberRow(h.db, 'bot@example.com')).toBeUndefined();
    expect((await outboxRows(h.db)).length).toBe(before);
  });
});

describe('POST /api/newsletter/unsubscribe', () => {
  const unsubscribe = (email: string) =>
    h.app.inject({ method: 'POST', url: '/api/newsletter/unsubscribe', payload: { email } });

  it('unsubscribes, then says the address is not subscribed, and a new subscription works', async () => {
    await subscribe('leaver@example.com');
    const { token } = confirmLinkIn((await h.smtp.waitFor((m) => m.to.includes('leaver@example.com'))).raw);
    await confirm(token);

    const first = await unsubscribe('leaver@example.com');
    expect(first.json()).toEqual({
      success: true,
      alreadyUnsubscribed: false,
      message: NewsletterText.unsubscribed,
    });
    const second = await unsubscribe('leaver@example.com');
    expect(second.json()).toEqual({
      success: true,
      alreadyUnsubscribed: true,
      message: NewsletterText.notSubscribed,
    });

    const back = await subscribe('leaver@example.com');
    expect(back.json()).toMatchObject({ alreadySubscribed: false, requiresConfirmation: true });
    await h.smtp.waitFor(() => h.smtp.to('leaver@example.com').length === 2);
    const { token: again } = confirmLinkIn(h.smtp.to('leaver@example.com')[1]!.raw);
    expect((await confirm(again)).statusCode).toBe(200);
    expect((await subscriberRow(h.db, 'leaver@example.com'))?.status).toBe('confirmed');
  });

  it('answers 400 for an invalid address', async () => {
    const answer = await unsubscribe('nope');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Please enter a valid email address');
  });
});

describe('RFC 8058 one-click unsubscribe', () => {
  it('carries a signed HTTPS List-Unsubscribe link whose POST unsubscribes without cookies; a GET does not', async () => {
    await subscribe('oneclick@example.com');
    const mail = await h.smtp.waitFor((m) => m.to.includes('oneclick@example.com'));
    await confirm(confirmLinkIn(mail.raw).token);
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/shop\.test\/api\/newsletter\/unsubscribe\/one-click\/[^>]+)>$/.exec(
      header(mail.raw, 'List-Unsubscribe') ?? '',
    );
    expect(link).not.toBeNull();
    const path = new URL(link![1]!).pathname;

    const get = await h.app.inject({ method: 'GET', url: path });
    expect(get.statusCode).toBe(303);
    const target = new URL(get.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${SITE_URL}/unsubscribe`);
    expect(target.searchParams.get('email')).toBe('oneclick@example.com');
    expect((await subscriberRow(h.db, 'oneclick@example.com'))?.status).toBe('confirmed');

    const post = await h.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.json()).toMatchObject({ success: true, alreadyUnsubscribed: false });
    expect((await subscriberRow(h.db, 'oneclick@example.com'))?.status).toBe('unsubscribed');
  });

  it('refuses a forged token and changes nothing', async () => {
    const forged = `${Buffer.from('twice@example.com').toString('base64url')}.${'A'.repeat(43)}`;
    const post = await h.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/one-click/${forged}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(post.statusCode).toBe(400);
    expect((await subscriberRow(h.db, 'twice@example.com'))?.status).toBe('confirmed');
  });
});
