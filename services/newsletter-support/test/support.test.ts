import { SupportText } from '@celebstyle/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_ADDRESS, startHarness, type Harness } from './helpers/app.ts';
import { outboxRows } from './helpers/outbox-rows.ts';
import { decodedBody, header } from './helpers/smtp-capture.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ name: 'support' });
});
afterAll(async () => {
  await h?.close();
});

const valid = {
  name: 'Dana Visitor',
  email: 'dana@example.com',
  subject: 'Featured Item Question',
  category: 'Featured Item Question',
  message: 'Where can I find the green coat from episode 3?',
};
const send = (payload: Record<string, unknown>) =>
  h.app.inject({ method: 'POST', url: '/api/support', payload });
const requestRow = (requestId: string) =>
  h.db
    .selectFrom('support.support_requests')
    .selectAll()
    .where('request_id', '=', requestId)
    .executeTakeFirst();
const requestCount = async () =>
  (
    await h.db
      .selectFrom('support.support_requests')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('POST /api/support', () => {
  it('stores the request as unread with a readable reference and delivers both e-mails', async () => {
    const answer = await send(valid);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toEqual({
      success: true,
      message: SupportText.received,
      data: { requestId: expect.any(String) },
    });
    expect(body.data.requestId).toMatch(/^SR-\d{8}-[0-9A-Z]{6}$/);

    const row = await requestRow(body.data.requestId);
    expect(row).toMatchObject({
      name: 'Dana Visitor',
      email: 'dana@example.com',
      subject: 'Featured Item Question',
      category: 'Featured Item Question',
      status: 'unread',
      priority: 'medium',
    });

    const visitor = await h.smtp.waitFor((m) => m.to.includes('dana@example.com'));
    expect(decodedBody(visitor.raw)).toContain(body.data.requestId);
    expect(header(visitor.raw, 'Reply-To')).toBe(TEAM_ADDRESS);
    const team = await h.smtp.waitFor((m) => m.to.includes(TEAM_ADDRESS));
    expect(decodedBody(team.raw)).toContain('Where can I find the green coat from episode 3?');
    expect(header(team.raw, 'Reply-To')).toBe('dana@example.com');
  });

  it('sets the category from the first 5 subjects and Other for the rest', async () => {
    const technical = await send({ ...valid, subject: 'Technical Issue', category: 'Other' });
    expect((await requestRow(technical.json().data.requestId))?.category).toBe('Technical Issue');
    const feedback = await send({ ...valid, subject: 'Feedback', category: undefined });
    expect((await requestRow(feedback.json().data.requestId))?.category).toBe('Other');
  });

  it('decides priority by the written rule', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ subject: 'Technical Issue' }, 'high'],
      [{ subject: 'Advertising Inquiry' }, 'high'],
      [{ subject: 'Style Inquiry' }, 'medium'],
      [{ subject: 'Feedback' }, 'low'],
      [{ subject: 'Other', message: 'My account was hacked, please help' }, 'urgent'],
    ];
    for (const [change, priority] of cases) {
      const answer = await send({ ...valid, ...change });
      expect((await requestRow(answer.json().data.requestId))?.priority).toBe(priority);
    }
  });

  it('refuses bad input with 400 and a clear message, storing and sending nothing', async () => {
    const before = { requests: await requestCount(), outbox: (await outboxRows(h.db)).length };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...valid, email: 'not-an-email' }, /^Please enter a valid email address$/],
      [{ ...valid, name: '   ' }, /name/i],
      [{ ...valid, subject: 'Free money' }, /subject/i],
      [{ ...valid, category: 'Gossip' }, /category/i],
      [{ ...valid, message: ' \n\t ' }, /message/i],
      [{ ...valid, message: 'x'.repeat(5001) }, /at most 5000/],
      [{ ...valid, name: 'n'.repeat(101) }, /at most 100/],
      [{ name: 'Dana', email: 'dana@example.com', subject: 'Feedback' }, /message/i],
    ];
    for (const [payload, message] of cases) {
      const answer = await send(payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.json().message).toMatch(message);
      expect(answer.json()).not.toHaveProperty('stack');
    }
    expect(await requestCount()).toBe(before.requests);
    expect((await outboxRows(h.db)).length).toBe(before.outbox);
  });

  it('drops a bot that fills the honeypot: success answer with a reference, nothing stored or sent', async () => {
    const before = { requests: await requestCount(), outbox: (await outboxRows(h.db)).length };
    const answer = await send({ ...valid, website: 'http://spam.test' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.requestId).toMatch(/^SR-/);
    expect(await requestCount()).toBe(before.requests);
    expect((await outboxRows(h.db)).length).toBe(before.outbox);
  });
});

describe('rate limits per client address', () => {
  let limited: Harness;
  beforeAll(async () => {
    limited = await startHarness({
      name: 'support-limits',
      worker: false,
      limits: { subscribe: { max: 2, timeWindow: 60_000 }, support: { max: 2, timeWindow: 60_000 } },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 after the limit for one address while another address still gets through', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const post = (url: string, ip: string, payload: object) =>
      limited.app.inject({ method: 'POST', url, headers: from(ip), payload });
    for (const url of ['/api/support', '/api/newsletter/subscribe']) {
      const payload = url === '/api/support' ? valid : { email: 'limit@example.com' };
      expect((await post(url, '203.0.113.7', payload)).statusCode).toBe(200);
      expect((await post(url, '203.0.113.7', payload)).statusCode).toBe(200);
      const third = await post(url, '203.0.113.7', payload);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
      expect(third.headers['retry-after']).toBeDefined();
      expect((await post(url, '198.51.100.9', payload)).statusCode).toBe(200);
    }
  });

  it('believes X-Forwarded-For only from the gateway: a direct caller cannot pick a fresh address', async () => {
    const direct = (forwardedFor: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/newsletter/subscribe',
        remoteAddress: '10.20.30.40', // another pod of the cluster, not the gateway
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: 'spoof@example.com' },
      });
    expect((await direct('203.0.113.101')).statusCode).toBe(200);
    expect((await direct('203.0.113.102')).statusCode).toBe(200);
    expect((await direct('203.0.113.103')).statusCode).toBe(429);
  });
});
