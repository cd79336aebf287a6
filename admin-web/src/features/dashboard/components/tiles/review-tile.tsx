import { usePostStats } from '../../api/dashboard-queries.ts';
import { Tile, formatCount } from '../tile.tsx';

/** Posts waiting for review (pending), opening the review queue. */
export function ReviewTile() {
  const stats = usePostStats();
  return (
    <Tile title="Pending Review" link={{ to: '/posts?status=pending', label: 'Review posts' }} query={stats}>
      {(s) => (
        <p>
          <span className="dashboard-big">{formatCount(s.byStatus.pending)}</span>{' '}
          {s.byStatus.pending === 1 ? 'post' : 'posts'} waiting
        </p>
      )}
    </Tile>
  );
}
