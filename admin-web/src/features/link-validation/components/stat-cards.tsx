import type { LinkValidationStats } from '@celebstyle/contracts';
import { countOf } from '../../../lib/count-text.ts';

const CARDS: [label: string, count: keyof LinkValidationStats, percent: keyof LinkValidationStats | null][] =
  [
    ['Total Links', 'totalLinks', null],
    ['Active', 'activeLinks', 'activePercentage'],
    ['Broken', 'brokenLinks', 'brokenPercentage'],
    ['Sold Out', 'soldOutLinks', 'soldOutPercentage'],
    ['Unknown', 'unknownLinks', 'unknownPercentage'],
  ];

const numberFormat = new Intl.NumberFormat('en-US');

/** §2.2 stats cards: Total Links, Active %, Broken %, Sold Out %, Unknown %, each with a count. */
export function StatCards({ stats }: { stats: LinkValidationStats | undefined }) {
  return (
    <ul className="lv-stats" aria-label="Link statistics">
      {CARDS.map(([label, count, percent]) => (
        <li key={label} className="panel">
          <span className="muted">{label}</span>
          <strong>
            {stats ? (percent ? `${stats[percent]}%` : numberFormat.format(stats[count])) : '—'}
          </strong>
          {percent && (
            <span className="muted">{stats ? countOf(stats[count], 'link', numberFormat) : ''}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
