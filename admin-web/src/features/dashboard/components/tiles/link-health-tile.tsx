import { BrokenLinkStatuses } from '@celebstyle/contracts';
import type { LinkHealthHistoryAnswer } from '../../api/dashboard-api.ts';
import { countOf } from '../../../../lib/count-text.ts';
import { useLinkStats, useLinkTrend } from '../../api/dashboard-queries.ts';
import { Tile } from '../tile.tsx';
import { HEALTH_TREND_DAYS } from '../../../../config/constants.ts';

type Day = LinkHealthHistoryAnswer['days'][number];
const share = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/** The active share per day as a small line (its numbers are in the text beside it). */
function Trend({ days }: { days: Day[] }) {
  const counted = days.filter((d) => d.total > 0);
  if (counted.length < 2) return <p className="muted">No trend yet: fewer than two days with links.</p>;
  const first = counted[0]!;
  const last = counted[counted.length - 1]!;
  const points = days
    .map(
      (d, i) => `${(i / Math.max(days.length - 1, 1)) * 100},${40 - (share(d.active, d.total) / 100) * 40}`,
    )
    .join(' ');
  return (
    <div className="dashboard-trend">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <polyline
          points={points}
          fill="none"
          stroke="#047857"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p>
        Active {share(first.active, first.total)}% on {first.date}, {share(last.active, last.total)}% on{' '}
        {last.date}
      </p>
    </div>
  );
}

/** Link health now (active, broken and sold-out shares) and the active share over 30 days. */
export function LinkHealthTile() {
  const stats = useLinkStats();
  const trend = useLinkTrend();
  return (
    <Tile
      title="Link Health"
      link={{ to: `/link-validation?linkStatus=${BrokenLinkStatuses.join(',')}`, label: 'Broken links' }}
      query={stats}
    >
      {(s) => (
        <>
          <dl className="dashboard-figures">
            <div className="figure-active">
              <dt>Active</dt>
              <dd>{s.activePercentage}%</dd>
            </div>
            <div className="figure-broken">
              <dt>Broken</dt>
              <dd>{s.brokenPercentage}%</dd>
            </div>
            <div className="figure-sold-out">
              <dt>Sold out</dt>
              <dd>{s.soldOutPercentage}%</dd>
            </div>
          </dl>
          <p className="muted">Of {countOf(s.totalLinks, 'link')}</p>
          <h3 className="dashboard-subhead">Last {HEALTH_TREND_DAYS} days</h3>
          {trend.status === 'success' ? (
            <Trend days={trend.data.days} />
          ) : trend.status === 'error' ? (
            <p className="muted">The trend could not be loaded.</p>
          ) : (
            <p className="muted">Loading...</p>
          )}
        </>
      )}
    </Tile>
  );
}
