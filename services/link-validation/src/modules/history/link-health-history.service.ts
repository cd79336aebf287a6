import type { LinkHealthDay, LinkHealthHistoryAnswer } from '@celebstyle/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { healthDeltas, type HealthBucket } from './link-health-history.repository.ts';

const DAY_MS = 86_400_000;

/** The UTC days of a window of `days` days ending with the day of `now`, oldest first. */
export function windowDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * Link health over time: for each day of the window, the links of live posts in each group at the
 * end of that day (today: so far), by their latest check as of then; a link counts from the day it
 * was created, and as unknown until its first check.
 */
export async function getHealthHistory(
  db: Kysely<Database>,
  days: number,
  now: Date = new Date(),
): Promise<LinkHealthHistoryAnswer> {
  const window = windowDays(days, now);
  const deltas = await healthDeltas(db, window[0]!, window[window.length - 1]!);
  const byDay = new Map<string, Partial<Record<HealthBucket, number>>>();
  for (const { day, bucket, delta } of deltas) {
    const changes = byDay.get(day) ?? {};
    changes[bucket] = (changes[bucket] ?? 0) + delta;
    byDay.set(day, changes);
  }
  const counts: Record<HealthBucket, number> = { active: 0, broken: 0, sold_out: 0, unknown: 0 };
  return {
    days: window.map((date): LinkHealthDay => {
      const changes = byDay.get(date) ?? {};
      for (const bucket of Object.keys(changes) as HealthBucket[]) counts[bucket] += changes[bucket]!;
      return {
        date,
        active: counts.active,
        broken: counts.broken,
        soldOut: counts.sold_out,
        unknown: counts.unknown,
        total: counts.active + counts.broken + counts.sold_out + counts.unknown,
      };
    }),
  };
}
