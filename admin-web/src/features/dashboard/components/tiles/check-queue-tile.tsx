import { useCheckBacklog } from '../../api/dashboard-queries.ts';
import { formatDateTime } from '../../../../lib/date-time.ts';
import { Tile, formatCount } from '../tile.tsx';

/** The link-check backlog: links due, queued, since when, and the last sweep and check. */
export function CheckQueueTile() {
  const backlog = useCheckBacklog();
  return (
    <Tile title="Link Checks" link={{ to: '/link-validation', label: 'Link Validation' }} query={backlog}>
      {(b) => (
        <dl className="dashboard-facts">
          <dt>Links due</dt>
          <dd>{formatCount(b.dueLinks)}</dd>
          <dt>In the check queue</dt>
          <dd>{formatCount(b.queuedLinks)}</dd>
          <dt>Oldest due since</dt>
          <dd>{b.oldestDueAt ? formatDateTime(b.oldestDueAt) : 'Nothing due'}</dd>
          <dt>Last sweep</dt>
          <dd>{b.lastSweepAt ? formatDateTime(b.lastSweepAt) : 'Not yet'}</dd>
          <dt>Last check</dt>
          <dd>{b.lastCheckAt ? formatDateTime(b.lastCheckAt) : 'Not yet'}</dd>
        </dl>
      )}
    </Tile>
  );
}
