import { tokenVersionKey } from '@celebstyle/service-kit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';
import { decodedBody } from './helpers/smtp-capture.ts';

let h: Harness;
let token: string;
const adminId = randomUUID();
const ids: Record<string, string> = {};

const seed = [
  { name: 'Ann Alpha', email: 'ann@example.com', subject: 'Technical Issue', message: 'The page is blank.' },
  { name: 'Ben Beta', email: 'ben@example.com', subject: 'Feedback', message: 'Love it.' },
  { name: 'Cat Gamma', email: 'cat@example.com', subject: 'Other', message: 'Urgent: fraud on my card' },
  { name: 'Dan Delta', email: 'dan@shop.test', subject: 'Style Inquiry', message: 'Which boots?' },
];

beforeAll(async () => {
  h = await startHarness({ name: 'admin-support' });
  token = await h.signer.sign({ sub: adminId, username: 'editor', ver: 1 });
  for (const request of seed) {
    const answer = await h.app.inject({ method: 'POST', url: '/api/support', payload: request });
    ids[request.name] = answer.json().data.requestId;
  }
});
afterAll(async () => {
  await h.redis.del(tokenVersionKey(adminId)).catch(() => {});
  await h?.close();
});

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, bearer = token) =>
  h.app.inject({ method, url, payload, headers: { authorization: `Bearer ${bearer}` } });

describe('authorization of /api/admin/support', () => {
  it('answers 401 without a token or with a bad one', async () => {
    for (const url of ['/api/admin/support', '/api/admin/support/stats']) {
      const none = await h.app.inject({ method: 'GET', url });
      expect(none.statusCode).toBe(401);
      expect(none.json().code).toBe('UNAUTHORIZED');
    }
    expect((await admin('GET', '/api/admin/support', undefined, 'not.a.token')).statusCode).toBe(401);
  });

  it('answers 401 for an admin deactivated after the token was issued (token version raised)', async () => {
    const otherId = randomUUID();
    const stale = await h.signer.sign({ sub: otherId, ver: 1 });
    expect((await admin('GET', '/api/admin/support', undefined, stale)).statusCode).toBe(200);
    await h.redis.set(tokenVersionKey(otherId), '2');
    const answer = await admin('GET', '/api/admin/support', undefined, stale);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('TOKEN_REVOKED');
    await h.redis.del(tokenVersionKey(otherId));
  });
});

describe('GET /api/admin/support', () => {
  it('lists newest first with the admin.md §7 shape and default limit 10', async () => {
    const answer = await admin('GET', '/api/admin/support');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store'); // names and e-mails: never cached
    const body = answer.json();
    expect(body.success).toBe(true);
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 4, pages: 1 });
    expect(body.data.map((r: { name: string }) => r.name)).toEqual([
      'Dan Delta',
      'Cat Gamma',
      'Ben Beta',
      'Ann Alpha',
    ]);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        '_id',
        'requestId',
        'name',
        'email',
        'subject',
        'category',
        'message',
        'priority',
        'status',
        'createdAt',
        'updatedAt',
        'response',
      ].sort(),
    );
    expect(body.data[0]).not.toHaveProperty('responded_by');
  });

  it('pages, filters by status and priority (all means no filter) and searches name, e-mail and request id', async () => {
    const page2 = (await admin('GET', '/api/admin/support?page=2&limit=3')).json();
    expect(page2.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
    expect(page2.data).toHaveLength(1);

    const urgent = (await admin('GET', '/api/admin/support?priority=urgent&status=all')).json();
    expect(urgent.data.map((r: { name: string }) => r.name)).toEqual(['Cat Gamma']);

    const byName = (await admin('GET', '/api/admin/support?search=beta')).json();
    expect(byName.data.map((r: { name: string }) => r.name)).toEqual(['Ben Beta']);
    const byEmail = (await admin('GET', '/api/admin/support?search=shop.test')).json();
    expect(byEmail.data.map((r: { name: string }) => r.name)).toEqual(['Dan Delta']);
    const byRef = (await admin('GET', `/api/admin/support?search=${ids['Ann Alpha']!.toLowerCase()}`)).json();
    expect(byRef.data.map((r: { name: string }) => r.name)).toEqual(['Ann Alpha']);
    const literal = (await admin('GET', '/api/admin/support?search=%25')).json();
    expect(literal.pagination.total).toBe(0);

    const bad = await admin('GET', '/api/admin/support?status=closed');
    expect(bad.statusCode).toBe(400);
    expect((await admin('GET', '/api/admin/support?limit=1000')).statusCode).toBe(400);
    for (const query of ['page=Infinity', 'page=-Infinity', 'limit=1e400', 'limit=-1e400']) {
      const notFinite = await admin('GET', `/api/admin/support?${query}`);
      expect(notFinite.statusCode).toBe(400);
      expect(notFinite.json().message).toBe(`querystring.${query.split('=')[0]} must be a finite integer`);
    }
  });
});

describe('stats, detail, status and respond', () => {
  it('counts per status and open urgent requests, following status changes', async () => {
    const stats = (await admin('GET', '/api/admin/support/stats')).json();
    expect(stats).toEqual({
      success: true,
      data: { total: 4, unread: 4, inProgress: 0, resolved: 0, archived: 0, urgent: 1 },
    });

    const cat = (await admin('GET', `/api/admin/support/${ids['Cat Gamma']}`)).json().data;
    const update = await admin('PUT', `/api/admin/support/${cat._id}`, { status: 'in-progress' });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ success: true, data: { status: 'in-progress' } });
    await admin('PUT', `/api/admin/support/${ids['Ben Beta']}`, { status: 'archived' });

    const after = (await admin('GET', '/api/admin/support/stats')).json().data;
    expect(after).toEqual({ total: 4, unread: 2, inProgress: 1, resolved: 0, archived: 1, urgent: 1 });
    const filtered = (await admin('GET', '/api/admin/support?status=in-progress')).json();
    expect(filtered.data.map((r: { name: string }) => r.name)).toEqual(['Cat Gamma']);

    expect((await admin('PUT', `/api/admin/support/${cat._id}`, { status: 'done' })).statusCode).toBe(400);
    expect(
      (await admin('PUT', `/api/admin/support/${randomUUID()}`, { status: 'resolved' })).statusCode,
    ).toBe(404);
  });

  it('answers 404 for an unknown request', async () => {
    const answer = await admin('GET', `/api/admin/support/${randomUUID()}`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('Support request not found');
  });

  it('stores a response with its time, e-mails it to the visitor, and refuses a second or blank one', async () => {
    const annId = (await admin('GET', `/api/admin/support/${ids['Ann Alpha']}`)).json().data._id;
    const blank = await admin('POST', `/api/admin/support/${annId}/respond`, { responseText: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter a response');

    const answer = await admin('POST', `/api/admin/support/${annId}/respond`, {
      responseText: 'We fixed the blank page. Thanks for telling us!',
    });
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.response.text).toBe('We fixed the blank page. Thanks for telling us!');
    expect(Date.now() - Date.parse(data.response.sentAt)).toBeLessThan(60_000);
    const stored = (await admin('GET', `/api/admin/support/${annId}`)).json().data;
    expect(stored.response).toEqual(data.response);

    const reply = await h.smtp.waitFor(
      (m) => m.to.includes('ann@example.com') && decodedBody(m.raw).includes('We fixed the blank page'),
    );
    expect(decodedBody(reply.raw)).toContain(ids['Ann Alpha']);

    const again = await admin('POST', `/api/admin/support/${annId}/respond`, { responseText: 'Again' });
    expect(again.statusCode).toBe(409);
  });
});
