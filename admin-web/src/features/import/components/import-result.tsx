import { countOf } from '../../../lib/count-text.ts';
import type { ImportTally } from '../import-plan.ts';
import { SKIPPED_SHOWN } from '../../../config/constants.ts';

/** What the import did: created, updated, unchanged and skipped posts, and why each was skipped. */
export function ImportResult({ tally }: { tally: ImportTally }) {
  const format = new Intl.NumberFormat('en-US');
  const counts = [
    ['Created', tally.created],
    ['Updated', tally.updated],
    ['Unchanged', tally.unchanged],
    ['Skipped', tally.skippedRows.length],
  ] as const;
  const shown = tally.skippedRows.slice(0, SKIPPED_SHOWN);
  return (
    <>
      <dl className="import-counts">
        {counts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{format.format(value)}</dd>
          </div>
        ))}
      </dl>
      {shown.length > 0 && (
        <div className="table-scroll">
          <table className="import-table" aria-label="Skipped rows">
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">URL</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr key={s.row}>
                  <th scope="row">{s.row}</th>
                  <td className="import-url">{s.url ?? '—'}</td>
                  <td>{s.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {tally.skippedRows.length > shown.length && (
        <p className="muted">And {countOf(tally.skippedRows.length - shown.length, 'more skipped row')}.</p>
      )}
    </>
  );
}
