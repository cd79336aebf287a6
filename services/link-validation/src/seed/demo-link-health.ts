import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * URL-cleaning rules for demo retailers (link-health-and-routes.md §2.4): their links carry
 * tracking parameters (the catalog's demo seed), so the checker has a cleaned address to compare and
 * the console shows recommendations, the Recommendation filter and the RECOMMENDED tag with real
 * checks. Saks keeps the colour and size a link chose.
 */
export const DEMO_CLEANING_RULES = [
  { domain: 'nordstrom-demo.localhost', preserve: [], notes: 'Demo: tracking parameters are not needed' },
  {
    domain: 'saksfifthavenue-demo.localhost',
    preserve: ['color', 'size'],
    notes: 'Demo: keep the chosen colour and size',
  },
  { domain: 'revolve-demo.localhost', preserve: [], notes: 'Demo: tracking parameters are not needed' },
  { domain: 'shopbop-demo.localhost', preserve: [], notes: 'Demo: tracking parameters are not needed' },
];

export interface DemoHistoryOptions {
  /** Links the synthetic past counts (about the demo catalogue's size). */
  links: number;
  days?: number;
  today?: Date;
}

/**
 * Past daily counts for the 90-day chart of a demo that starts today (the demo only: a real
 * deployment's chart starts on its first day). Written as changes to the daily counts that cancel
 * out today, so today's and every later figure are the real checks' alone; a rebuild of the counts
 * from the check history (`rebuild_link_health_deltas()`) drops them.
 */
export function demoHistoryDeltas({ links, days = 90, today = new Date() }: DemoHistoryOptions) {
  const dayOf = (daysAgo: number) =>
    new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const rows: { day: string; bucket: 'active' | 'broken' | 'sold_out' | 'unknown'; delta: number }[] = [];
  let held = { active: 0, broken: 0, sold_out: 0, unknown: 0 };
  for (let ago = days; ago >= 1; ago -= 1) {
    // A catalogue growing to `links` over the period, mostly active, with a broken spell mid-way
    // (a retailer's redesign) and more items selling out towards the end.
    const progress = (days - ago) / days;
    const total = Math.round(links * (0.55 + 0.45 * progress));
    const brokenShare = 0.05 + (ago > 35 && ago < 50 ? 0.08 : 0) + 0.01 * Math.sin(ago / 3);
    const soldShare = 0.06 + 0.08 * progress + 0.01 * Math.cos(ago / 4);
    const unknownShare = 0.02;
    const next = {
      broken: Math.round(total * brokenShare),
      sold_out: Math.round(total * soldShare),
      unknown: Math.round(total * unknownShare),
      active: 0,
    };
    next.active = total - next.broken - next.sold_out - next.unknown;
    for (const bucket of ['active', 'broken', 'sold_out', 'unknown'] as const) {
      const delta = next[bucket] - held[bucket];
      if (delta !== 0) rows.push({ day: dayOf(ago), bucket, delta });
    }
    held = next;
  }
  for (const bucket of ['active', 'broken', 'sold_out', 'unknown'] as const) {
    if (held[bucket] !== 0) rows.push({ day: dayOf(0), bucket, delta: -held[bucket] });
  }
  return rows;
}

/** Seeds the demo's cleaning rules and chart history, once: nothing when either is there already. */
export async function seedDemoLinkHealth(
  db: Kysely<Database>,
  options: DemoHistoryOptions,
): Promise<{ rules: number; historyRows: number }> {
  return db.transaction().execute(async (trx) => {
    let rules = 0;
    const ruleCount = await trx
      .selectFrom('link_validation.url_cleaning_rules')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    if (ruleCount.n === 0) {
      await trx
        .insertInto('link_validation.url_cleaning_rules')
        .values(
          DEMO_CLEANING_RULES.map((rule) => ({
            domain: rule.domain,
            preserve_params: rule.preserve,
            notes: rule.notes,
            active: true,
          })),
        )
        .execute();
      rules = DEMO_CLEANING_RULES.length;
    }
    let historyRows = 0;
    const past = await trx
      .selectFrom('link_validation.link_health_deltas')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('day', '<', sql<Date>`current_date`)
      .executeTakeFirstOrThrow();
    if (past.n === 0) {
      const rows = demoHistoryDeltas(options);
      if (rows.length > 0) await trx.insertInto('link_validation.link_health_deltas').values(rows).execute();
      historyRows = rows.length;
    }
    return { rules, historyRows };
  });
}
