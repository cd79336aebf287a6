import { useSupportStats } from '../../api/dashboard-queries.ts';
import { Tile, formatCount } from '../tile.tsx';

/** Support requests waiting for an answer: unread and in progress, with the urgent ones. */
export function SupportTile() {
  const stats = useSupportStats();
  return (
    <Tile title="Support Requests Waiting" link={{ to: '/support', label: 'Support requests' }} query={stats}>
      {(s) => (
        <dl className="dashboard-facts">
          <dt>Waiting</dt>
          <dd className="dashboard-big">{formatCount(s.unread + s.inProgress)}</dd>
          <dt>Unread</dt>
          <dd>{formatCount(s.unread)}</dd>
          <dt>In progress</dt>
          <dd>{formatCount(s.inProgress)}</dd>
          <dt>Urgent</dt>
          <dd>{formatCount(s.urgent)}</dd>
        </dl>
      )}
    </Tile>
  );
}
