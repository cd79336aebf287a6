import { useState } from 'react';
import { DropdownMenu } from '../../../components/dropdown-menu.tsx';
import type { AdminShow } from '../api/shows-api.ts';

/** admin.md §9 Show statuses, each with its own badge colour. */
const STATUS_CLASS: Record<string, string> = {
  Running: 'show-status-running',
  Ended: 'show-status-ended',
  'To Be Determined': 'show-status-tbd',
  'In Development': 'show-status-development',
};

function Poster({ show }: { show: AdminShow }) {
  const [broken, setBroken] = useState(false);
  const src = show.mediumImage ?? show.originalImage;
  if (!src || broken) {
    return (
      <span className="show-poster show-poster-fallback" aria-hidden="true">
        TV
      </span>
    );
  }
  return (
    <img
      className="show-poster"
      src={src}
      alt=""
      width={36}
      height={50}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

/**
 * admin.md §2 Shows Management table: Show (image, name, first two genres), Network, Status badge,
 * Posts, Premiered ('N/A' if empty), Actions: Edit, and a More menu with Refresh from TVmaze (beyond
 * the spec) and Delete, so the row fits at 1024 px.
 */
export function ShowsTable({
  shows,
  refreshing,
  onEdit,
  onDelete,
  onRefresh,
}: {
  shows: AdminShow[];
  /** Shows whose TVmaze lookup is awaited. */
  refreshing: ReadonlySet<string>;
  onEdit(show: AdminShow): void;
  onDelete(show: AdminShow): void;
  onRefresh(show: AdminShow): void;
}) {
  return (
    <div className="table-scroll">
      <table className="rules entity-table">
        <thead>
          <tr>
            <th scope="col">Show</th>
            <th scope="col">Network</th>
            <th scope="col">Status</th>
            <th scope="col">Posts</th>
            <th scope="col">Premiered</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {shows.map((show) => {
            const busy = refreshing.has(show._id);
            return (
              <tr key={show._id} aria-busy={busy}>
                <th scope="row">
                  <div className="entity-cell">
                    <Poster show={show} />
                    <div>
                      <div className="entity-name">{show.name}</div>
                      {show.genres.length > 0 && (
                        <div className="muted">{show.genres.slice(0, 2).join(', ')}</div>
                      )}
                    </div>
                  </div>
                </th>
                <td>{show.network ?? '—'}</td>
                <td>
                  {show.status ? (
                    <span className={`show-status ${STATUS_CLASS[show.status] ?? ''}`}>{show.status}</span>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{show.postCount}</td>
                <td>{show.premiered ?? 'N/A'}</td>
                <td>
                  <div className="row-actions">
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Edit ${show.name}`}
                      onClick={() => onEdit(show)}
                    >
                      Edit
                    </button>
                    <DropdownMenu
                      label={busy ? 'Refreshing...' : 'More'}
                      aria-label={busy ? `Refreshing... ${show.name}` : `More actions for ${show.name}`}
                      items={[
                        { label: 'Refresh from TVmaze', disabled: busy, onSelect: () => onRefresh(show) },
                        { label: 'Delete', danger: true, onSelect: () => onDelete(show) },
                      ]}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
