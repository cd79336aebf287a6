import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DashboardErrors } from '../api/dashboard-api.ts';
import type { StatQuery } from './stat-cards.tsx';

/**
 * One Dashboard tile: a titled box fed by one query (a loading line, the error text, or its
 * content) and a link to the screen that shows the same things, filtered. A new tile is a component
 * rendering <Tile>, listed in dashboard-tiles.tsx.
 */
export function Tile<T>({
  title,
  link,
  query,
  children,
}: {
  title: string;
  /** The filtered screen: `label` is the link's text. */
  link: { to: string; label: string };
  query: StatQuery<T>;
  children(data: T): ReactNode;
}) {
  const headingId = useId();
  return (
    <div
      role="region"
      className="panel dashboard-tile"
      aria-labelledby={headingId}
      aria-busy={query.status === 'pending'}
    >
      <h2 id={headingId}>{title}</h2>
      <div className="dashboard-tile-body">
        {query.status === 'pending' ? (
          <p className="muted">Loading...</p>
        ) : query.status === 'error' || query.data === undefined ? (
          <p role="alert" className="banner">
            {DashboardErrors.stats}
          </p>
        ) : (
          children(query.data)
        )}
      </div>
      <Link className="dashboard-tile-link" to={link.to}>
        {link.label}
      </Link>
    </div>
  );
}

export const formatCount = (n: number) => new Intl.NumberFormat('en-US').format(n);
