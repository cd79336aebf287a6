import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers/app.ts';

let h: Harness;
const RULES = 'link_validation.url_cleaning_rules' as const;

beforeAll(async () => {
  h = await startHarness('public-rules');
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/url-cleaning-rules', () => {
  it('answers an empty list when no rule exists (the storefront then leaves links unchanged)', async () => {
    const answer = await h.app.inject({ method: 'GET', url: '/api/url-cleaning-rules' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ rules: [] });
  });

  it('lists only active rules, ordered by domain, without a token and cacheable for a minute', async () => {
    await h.db
      .insertInto(RULES)
      .values([
        { domain: 'zara.com', preserve_params: ['v1'], notes: null },
        { domain: 'asos.com', preserve_params: ['utm_*', 'cid'], notes: 'keeps campaign' },
        { domain: 'hidden.com', preserve_params: [], active: false, notes: null },
      ])
      .execute();
    const answer = await h.app.inject({ method: 'GET', url: '/api/url-cleaning-rules' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    const { rules } = answer.json();
    expect(rules.map((r: { domain: string }) => r.domain)).toEqual(['asos.com', 'zara.com']);
    expect(rules[0]).toEqual({
      _id: expect.any(String),
      domain: 'asos.com',
      preserveParams: ['utm_*', 'cid'],
      active: true,
    });
    // Admin notes stay in the back office.
    expect(JSON.stringify(rules)).not.toContain('keeps campaign');
  });
});
