import { countOf } from '../../../lib/count-text.ts';
import type { ImportPlan } from '../import-plan.ts';

/** The file's first rows, each marked ready or with the reason it will be skipped. */
export function ImportPreview({ fileName, plan }: { fileName: string; plan: ImportPlan }) {
  const withErrors = plan.skipped.length;
  return (
    <>
      <p className="import-summary">
        <strong>{fileName}</strong>: {countOf(plan.rows, 'row')}, {plan.ready.length} ready to import
        {withErrors > 0 ? `, ${countOf(withErrors, 'row')} with errors (skipped)` : ''}
      </p>
      <div className="table-scroll">
        <table className="import-table" aria-label="Preview of the first rows">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">URL</th>
              <th scope="col">Title</th>
              <th scope="col">Celebrity</th>
              <th scope="col">Platform</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {plan.preview.map((row) => (
              <tr key={row.row} className={row.problem ? 'import-row-error' : undefined}>
                <th scope="row">{row.row}</th>
                <td className="import-url">{row.url ?? '—'}</td>
                <td>{row.title || '—'}</td>
                <td>{row.celebrity ?? '—'}</td>
                <td>{row.platform ?? '—'}</td>
                <td>{row.problem ? <span className="error">{row.problem}</span> : 'Ready'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {plan.rows > plan.preview.length && (
        <p className="muted">
          The first {plan.preview.length} of {countOf(plan.rows, 'row')}.
        </p>
      )}
    </>
  );
}
