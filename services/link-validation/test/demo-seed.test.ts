import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLEANING_RULES, seedDemoLinkHealth } from '../src/seed/demo-link-health.ts';
import { startHarness, type Harness } from './helpers/app.ts';
import { insertLink, insertPost } from './helpers/link-health-rows.ts';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness('link-demo-seed');
  token = await h.signer.sign({ sub: randomUUID(), username: 'maria', ver: 1 });
});
afterAll(async () => {
  await h?.close();
});

interface Day {
  date: string;
  active: number;
  broken: number;
  soldOut: number;
  unknown: number;
  total: number;
}
const history = async () =>
  (
    (
      await h.app.inject({
        method: 'GET',
        url: '/api/admin/link-validation/history?days=90',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as { days: Day[] }
  ).days;

describe('the demo seed of link health', () => {
  it('gives the 90-day chart a past and the console active cleaning rules, leaving today to the real links', async () => {
    const postId = await insertPost(h.db);
    await insertLink(h.db, postId, 0, { link_status: 'unknown', last_checked: null });
    const todayBefore = (await history()).at(-1)!;
    expect(await seedDemoLinkHealth(h.db, { links: 1_000 })).toEqual({
      rules: DEMO_CLEANING_RULES.length,
      historyRows: expect.any(Number),
    });
    const days = await history();
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toEqual(todayBefore);
    const past = days.slice(0, -1);
    expect(past.every((day) => day.total >= 500 && day.total <= 1_000)).toBe(true);
    expect(past.every((day) => day.active > day.broken + day.soldOut)).toBe(true);
    expect(past.some((day) => day.broken > 0) && past.some((day) => day.soldOut > 0)).toBe(true);
    const rules = (
      await h.app.inject({
        method: 'GET',
        url: '/api/admin/url-cleaning-rules',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(JSON.stringify(rules)).toContain('nordstrom-demo.localhost');
  });

  it('seeds nothing a second time', async () => {
    const before = await history();
    expect(await seedDemoLinkHealth(h.db, { links: 1_000 })).toEqual({ rules: 0, historyRows: 0 });
    expect(await history()).toEqual(before);
  });
});
