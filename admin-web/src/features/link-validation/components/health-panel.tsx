import { lazy, Suspense } from 'react';
import { isNotFound, useHistory } from '../api/link-validation-queries.ts';
import { HISTORY_DAYS } from '../../../config/constants.ts';

const HealthChart = lazy(() => import('./health-chart.tsx'));

export const HealthTexts = {
  title: `Link health, last ${HISTORY_DAYS} days`,
  loading: 'Loading link health history...',
  unavailable: 'Link health history is not available yet.',
  failed: 'Failed to load link health history.',
  empty: 'No link health history yet.',
} as const;

/** The chart of link health over time, above the table; a short message when there is none. */
export function HealthPanel() {
  const history = useHistory();
  let body: React.ReactNode;
  if (history.isPending) body = <p className="muted">{HealthTexts.loading}</p>;
  else if (history.isError)
    body = (
      <p className="muted">{isNotFound(history.error) ? HealthTexts.unavailable : HealthTexts.failed}</p>
    );
  else if (history.data.days.length === 0) body = <p className="muted">{HealthTexts.empty}</p>;
  else
    body = (
      <Suspense fallback={<p className="muted">{HealthTexts.loading}</p>}>
        <HealthChart days={history.data.days} />
      </Suspense>
    );
  return (
    <div className="panel lv-chart" role="region" aria-label={HealthTexts.title}>
      <h2>{HealthTexts.title}</h2>
      {body}
    </div>
  );
}
