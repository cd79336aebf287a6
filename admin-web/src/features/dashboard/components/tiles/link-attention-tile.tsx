import { Link } from 'react-router';
import { BrokenLinkStatuses } from '@celebstyle/contracts';
import { countOf } from '../../../../lib/count-text.ts';
import { useLinkAttention } from '../../api/dashboard-queries.ts';
import { Tile } from '../tile.tsx';

/** The most viewed approved posts with broken or sold-out links, each opening in Posts to edit. */
export function LinkAttentionTile() {
  const attention = useLinkAttention();
  return (
    <Tile
      title="Links Needing Attention"
      link={{
        to: `/link-validation?linkStatus=${[...BrokenLinkStatuses, 'sold_out'].join(',')}`,
        label: 'Links not working',
      }}
      query={attention}
    >
      {({ posts }) =>
        posts.length === 0 ? (
          <p className="muted">Every link of the live posts works.</p>
        ) : (
          <ol className="dashboard-list">
            {posts.map((post) => (
              <li key={post._id}>
                <Link to={`/posts?id=${post._id}`}>{post.title.trim() || 'Untitled Post'}</Link>
                <span className="muted">
                  {[
                    post.brokenLinks > 0 ? `${post.brokenLinks} broken` : null,
                    post.soldOutLinks > 0 ? `${post.soldOutLinks} sold out` : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}{' '}
                  of {countOf(post.totalLinks, 'link')} · {countOf(post.viewCount, 'view')}
                </span>
              </li>
            ))}
          </ol>
        )
      }
    </Tile>
  );
}
