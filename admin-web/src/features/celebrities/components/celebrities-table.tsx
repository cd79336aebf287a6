import { useState } from 'react';
import type { AdminCelebrity } from '../api/celebrities-api.ts';
import { DateTime } from '../../../components/date-time.tsx';

/** A profile picture, or the celebrity's initials when there is none or it fails to load. */
function Portrait({ celebrity }: { celebrity: AdminCelebrity }) {
  const [broken, setBroken] = useState(false);
  const initials = celebrity.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  if (!celebrity.profileImage || broken) {
    return (
      <span className="entity-thumb entity-thumb-fallback" aria-hidden="true">
        {initials}
      </span>
    );
  }
  return (
    <img
      className="entity-thumb"
      src={celebrity.profileImage}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      onError={() => setBroken(true)}
    />
  );
}

/** admin.md §2 Celebrity Management table: Celebrity, Main Show, Network, Looks, Last Updated, Actions. */
export function CelebritiesTable({
  celebrities,
  onEdit,
  onDelete,
}: {
  celebrities: AdminCelebrity[];
  onEdit(celebrity: AdminCelebrity): void;
  onDelete(celebrity: AdminCelebrity): void;
}) {
  return (
    <div className="table-scroll">
      <table className="rules entity-table">
        <thead>
          <tr>
            <th scope="col">Celebrity</th>
            <th scope="col">Main Show</th>
            <th scope="col">Network</th>
            <th scope="col">Looks</th>
            <th scope="col">Last Updated</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {celebrities.map((celebrity) => (
            <tr key={celebrity._id}>
              <th scope="row">
                <div className="entity-cell">
                  <Portrait celebrity={celebrity} />
                  <div>
                    <div className="entity-name">{celebrity.name}</div>
                    {celebrity.location && <div className="muted">{celebrity.location}</div>}
                  </div>
                </div>
              </th>
              <td>{celebrity.mainShow ?? '—'}</td>
              <td>{celebrity.network ?? '—'}</td>
              <td>{celebrity.totalLooks}</td>
              <td>
                <DateTime iso={celebrity.lastUpdated} />
              </td>
              <td>
                <div className="row-actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Edit ${celebrity.name}`}
                    onClick={() => onEdit(celebrity)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Delete ${celebrity.name}`}
                    onClick={() => onDelete(celebrity)}
                  >
                    Delete
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
