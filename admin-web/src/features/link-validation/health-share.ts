import type { HealthDay } from './api/link-validation-api.ts';

/** One day of the chart: the share (percent, one decimal) of links in each health group. */
export type HealthShare = Omit<HealthDay, 'total'>;

const share = (count: number, total: number) => (total > 0 ? Math.round((count / total) * 1000) / 10 : 0);

export function healthShares(days: readonly HealthDay[]): HealthShare[] {
  return days.map((day) => ({
    date: day.date,
    active: share(day.active, day.total),
    broken: share(day.broken, day.total),
    soldOut: share(day.soldOut, day.total),
    unknown: share(day.unknown, day.total),
  }));
}
