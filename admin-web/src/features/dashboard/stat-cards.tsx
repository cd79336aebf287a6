import { useId, type ReactNode } from 'react';
import { DashboardErrors } from './api.ts';

/** One statistics call: loading, failed, or its answer. */
export type Loadable<T> = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; data: T };

export interface StatCard {
  key: string;
  label: string;
  value: number;
  hint?: string;
}

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * A titled group of stat cards fed by one statistics call: a loading line, the error text when the
 * call failed, or the cards. `actions` (links) show whatever the call's outcome.
 */
export function StatGroup<T>({
  title,
  load,
  cards,
  actions,
}: {
  title: string;
  load: Loadable<T>;
  cards: (data: T) => StatCard[];
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <div
      role="region"
      className="panel dashboard-group"
      aria-labelledby={headingId}
      aria-busy={load.status === 'loading'}
    >
      <div className="dashboard-group-head">
        <h2 id={headingId}>{title}</h2>
        {actions}
      </div>
      {load.status === 'loading' ? (
        <p className="muted">Loading statistics...</p>
      ) : load.status === 'failed' ? (
        <p role="alert" className="banner">
          {DashboardErrors.stats}
        </p>
      ) : (
        <dl className="dashboard-stats">
          {cards(load.data).map((card) => (
            <div key={card.key} className={`stat stat-${card.key}`}>
              <dt>{card.label}</dt>
              <dd>{numberFormat.format(card.value)}</dd>
              {card.hint && <dd className="stat-hint">{card.hint}</dd>}
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
