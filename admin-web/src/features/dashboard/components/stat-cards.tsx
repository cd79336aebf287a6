import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DashboardErrors } from '../api/dashboard-api.ts';

/** What a group needs of its statistics query: still loading, failed, or answered. */
export interface StatQuery<T> {
  status: 'pending' | 'error' | 'success';
  data?: T;
}

export interface StatCard {
  key: string;
  label: string;
  value: number;
  hint?: string;
  /** Where the card's label links to (a filtered list). */
  to?: string;
}

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * A titled group of stat cards fed by one statistics call: a loading line, the error text when the
 * call failed, or the cards. `actions` (links) show whatever the call's outcome.
 */
export function StatGroup<T>({
  title,
  query,
  cards,
  actions,
}: {
  title: string;
  query: StatQuery<T>;
  cards: (data: T) => StatCard[];
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <div
      role="region"
      className="panel dashboard-group"
      aria-labelledby={headingId}
      aria-busy={query.status === 'pending'}
    >
      <div className="dashboard-group-head">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {query.status === 'pending' ? (
        <p className="muted">Loading statistics...</p>
      ) : query.status === 'error' || query.data === undefined ? (
        <p role="alert" className="banner">
          {DashboardErrors.stats}
        </p>
      ) : (
        <dl className="dashboard-stats">
          {cards(query.data).map((card) => (
            <div key={card.key} className={`stat stat-${card.key}`}>
              <dt>{card.to ? <Link to={card.to}>{card.label}</Link> : card.label}</dt>
              <dd>{numberFormat.format(card.value)}</dd>
              {card.hint && <dd className="stat-hint">{card.hint}</dd>}
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
