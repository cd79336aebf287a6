import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';

let h: Harness;
let token: string;
const BASE = '/api/admin/url-cleaning-rules';
const RULES = 'link_validation.url_cleaning_rules' as const;

beforeAll(async () => {
  h = await startHarness('admin-rules');
  token = await h.signer.sign({ sub: randomUUID(), ver: 1 });
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.db.deleteFrom(RULES).execute();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const admin = (method: Method, url: string, payload?: object) =>
  h.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });

const create = async (payload: object) => {
  const answer = await admin('POST', BASE, payload);
  expect(answer.statusCode).toBe(201);
  return answer.json().rule as { _id: string; domain: string };
};

/** Everything stored, to show that a refused request changed nothing. */
const snapshot = () => h.db.selectFrom(RULES).selectAll().orderBy('domain').execute();

describe('authorization', () => {
  it('answers 401 on every admin route without a token', async () => {
    const id = randomUUID();
    const calls: [Method, string, object?][] = [
      ['GET', BASE],
      ['GET', `${BASE}/stats`],
      ['POST', BASE, { domain: 'shop.com' }],
      ['PUT', `${BASE}/${id}`, { domain: 'shop.com' }],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/bulk-toggle`, { ruleIds: [id], active: false }],
      ['POST', `${BASE}/preview`, { url: 'https://shop.com/?a=1' }],
    ];
    for (const [method, url, payload] of calls) {
      const answer = await h.app.inject({ method, url, payload });
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      expect(answer.json().code).toBe('UNAUTHORIZED');
    }
    expect(await snapshot()).toEqual([]);
  });
});

describe('POST /api/admin/url-cleaning-rules', () => {
  it('creates a rule with the domain normalized, params trimmed and defaults applied', async () => {
    const answer = await admin('POST', BASE, {
      domain: 'https://www.Nordstrom.com/shop?x=1',
      preserveParams: [' color ', 'utm_*'],
      notes: '  ',
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toEqual({
      rule: {
        _id: expect.any(String),
        domain: 'nordstrom.com',
        preserveParams: ['color', 'utm_*'],
        active: true,
        notes: null,
      },
    });
  });

  it('keeps active false and notes when sent', async () => {
    const rule = await create({ domain: 'shop.com', active: false, notes: 'on hold' });
    expect(rule).toMatchObject({ active: false, notes: 'on hold', preserveParams: [] });
  });

  it.each([
    [{ domain: '  ' }, 'Domain is required'],
    [{ domain: 'not a domain' }, '"not a domain" is not a valid domain (for example shop.example.com)'],
    [{ domain: 'shop.com', preserveParams: ['tag', ' '] }, 'Preserve parameter 2 is blank'],
    [
      { domain: 'shop.com', preserveParams: ['tag', 'TAG'] },
      'Preserve parameter "TAG" is listed more than once',
    ],
  ])('refuses %j with 400 %j and stores nothing', async (payload, text) => {
    const answer = await admin('POST', BASE, payload);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ statusCode: 400, message: text });
    expect(await snapshot()).toEqual([]);
  });

  it('refuses type and size violations with 400 naming the field', async () => {
    const tooMany = Array.from({ length: 51 }, (_, i) => `p${i}`);
    for (const payload of [
      {},
      { domain: 'shop.com', preserveParams: tooMany },
      { domain: 'shop.com', preserveParams: ['x'.repeat(101)] },
      { domain: 'shop.com', notes: 'n'.repeat(501) },
      { domain: 'shop.com', active: 'sometimes' },
    ]) {
      const answer = await admin('POST', BASE, payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await snapshot()).toEqual([]);
  });

  it('answers 409 for a domain that already has a rule, compared after normalizing', async () => {
    await create({ domain: 'asos.com', preserveParams: ['cid'] });
    const before = await snapshot();
    const answer = await admin('POST', BASE, { domain: 'HTTPS://WWW.ASOS.COM/', preserveParams: ['x'] });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('A rule for asos.com already exists');
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/admin/url-cleaning-rules and /stats', () => {
  it('lists active and inactive rules by domain, searching domain or notes case-insensitively', async () => {
    await create({ domain: 'zara.com', notes: 'Spanish RETAILER' });
    await create({ domain: 'asos.com', active: false });
    await create({ domain: 'mango.com', notes: '100%_off' });

    const all = await admin('GET', BASE);
    expect(all.statusCode).toBe(200);
    expect(all.json().rules.map((r: { domain: string }) => r.domain)).toEqual([
      'asos.com',
      'mango.com',
      'zara.com',
    ]);
    const byNotes = await admin('GET', `${BASE}?search=retailer`);
    expect(byNotes.json().rules.map((r: { domain: string }) => r.domain)).toEqual(['zara.com']);
    const byDomain = await admin('GET', `${BASE}?search=ASOS`);
    expect(byDomain.json().rules.map((r: { domain: string }) => r.domain)).toEqual(['asos.com']);
    // % and _ are literal characters, not LIKE wildcards
    const literal = await admin('GET', `${BASE}?search=${encodeURIComponent('%_')}`);
    expect(literal.json().rules.map((r: { domain: string }) => r.domain)).toEqual(['mango.com']);

    const stats = await admin('GET', `${BASE}/stats`);
    expect(stats.json()).toEqual({ total: 3, active: 2, inactive: 1 });
  });

  it('answers zero stats for an empty table', async () => {
    expect((await admin('GET', `${BASE}/stats`)).json()).toEqual({ total: 0, active: 0, inactive: 0 });
  });
});

describe('PUT /api/admin/url-cleaning-rules/:id', () => {
  it('replaces domain and params, keeps active and notes when not sent', async () => {
    const rule = await create({ domain: 'shop.com', preserveParams: ['a'], active: false, notes: 'keep me' });
    const answer = await admin('PUT', `${BASE}/${rule._id}`, {
      domain: 'www.shop2.com',
      preserveParams: ['b'],
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().rule).toEqual({
      _id: rule._id,
      domain: 'shop2.com',
      preserveParams: ['b'],
      active: false,
      notes: 'keep me',
    });
    const cleared = await admin('PUT', `${BASE}/${rule._id}`, {
      domain: 'shop2.com',
      active: true,
      notes: '',
    });
    expect(cleared.json().rule).toMatchObject({ active: true, notes: null, preserveParams: [] });
  });

  it('answers 404 Rule not found for an unknown id and 400 for a non-uuid id', async () => {
    const unknown = await admin('PUT', `${BASE}/${randomUUID()}`, { domain: 'shop.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Rule not found');
    const bad = await admin('PUT', `${BASE}/not-a-uuid`, { domain: 'shop.com' });
    expect(bad.statusCode).toBe(400);
    expect(await snapshot()).toEqual([]);
  });

  it('answers 409 when the new domain belongs to another rule, and 400 for bad content; nothing changes', async () => {
    await create({ domain: 'one.com' });
    const two = await create({ domain: 'two.com', preserveParams: ['x'] });
    const before = await snapshot();
    const clash = await admin('PUT', `${BASE}/${two._id}`, { domain: 'ONE.com' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('A rule for one.com already exists');
    const blank = await admin('PUT', `${BASE}/${two._id}`, { domain: '' });
    expect(blank.json().message).toBe('Domain is required');
    const dup = await admin('PUT', `${BASE}/${two._id}`, { domain: 'two.com', preserveParams: ['y', 'y '] });
    expect(dup.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('DELETE /api/admin/url-cleaning-rules/:id', () => {
  it('deletes, then answers 404 Rule not found; a non-uuid is 400', async () => {
    const rule = await create({ domain: 'shop.com' });
    const answer = await admin('DELETE', `${BASE}/${rule._id}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, message: 'Rule deleted' });
    expect(await snapshot()).toEqual([]);
    const again = await admin('DELETE', `${BASE}/${rule._id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Rule not found');
    expect((await admin('DELETE', `${BASE}/123`)).statusCode).toBe(400);
  });
});

describe('POST /api/admin/url-cleaning-rules/bulk-toggle', () => {
  it('sets active on the given rules and counts the known ones', async () => {
    const a = await create({ domain: 'a-shop.com' });
    const b = await create({ domain: 'b-shop.com' });
    await create({ domain: 'c-shop.com' });
    const answer = await admin('POST', `${BASE}/bulk-toggle`, {
      ruleIds: [a._id, b._id, b._id, randomUUID()],
      active: false,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ updated: 2 });
    const rows = await snapshot();
    expect(rows.map((r) => [r.domain, r.active])).toEqual([
      ['a-shop.com', false],
      ['b-shop.com', false],
      ['c-shop.com', true],
    ]);
  });

  it('refuses an empty list, a bad id or a missing flag with 400 and changes nothing', async () => {
    const a = await create({ domain: 'a-shop.com' });
    const before = await snapshot();
    for (const payload of [
      { ruleIds: [], active: false },
      { ruleIds: [a._id, 'nope'], active: false },
      { ruleIds: [a._id] },
    ]) {
      expect((await admin('POST', `${BASE}/bulk-toggle`, payload)).statusCode).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('POST /api/admin/url-cleaning-rules/preview', () => {
  const url = 'https://www.asos.com/dress/prd/1?cid=42&utm_source=ig&gclid=x#top';

  it('cleans with the active rules, leaves a domain without a rule unchanged', async () => {
    await create({ domain: 'asos.com', preserveParams: ['cid', 'utm_*'] });
    await create({ domain: 'zara.com', preserveParams: [], active: false });
    const answer = await admin('POST', `${BASE}/preview`, { url });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      original: url,
      cleaned: 'https://www.asos.com/dress/prd/1?cid=42&utm_source=ig#top',
    });
    const other = 'https://www.zara.com/item?ref=1';
    expect((await admin('POST', `${BASE}/preview`, { url: other })).json().cleaned).toBe(other);
  });

  it('applies just the chosen rule, even while it is inactive', async () => {
    await create({ domain: 'asos.com', preserveParams: ['cid'] });
    const draft = await create({ domain: 'asos.com.au', preserveParams: [], active: false });
    const chosen = await admin('POST', `${BASE}/preview`, {
      url: 'https://asos.com.au/x?cid=1&y=2',
      ruleId: draft._id,
    });
    expect(chosen.json().cleaned).toBe('https://asos.com.au/x');
  });

  it('answers cleaned null for a link the storefront drops', async () => {
    for (const dropped of ['javascript:alert(1)', 'https://www.ebay.com/itm/1', 'ftp://shop.com/a']) {
      const answer = await admin('POST', `${BASE}/preview`, { url: dropped });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ original: dropped, cleaned: null });
    }
  });

  it('answers 400 URL is required for a blank url and 404 for an unknown rule', async () => {
    const blank = await admin('POST', `${BASE}/preview`, { url: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('URL is required');
    const unknown = await admin('POST', `${BASE}/preview`, { url, ruleId: randomUUID() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Rule not found');
    expect((await admin('POST', `${BASE}/preview`, { url, ruleId: 'x' })).statusCode).toBe(400);
  });
});
