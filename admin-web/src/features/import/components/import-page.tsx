import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { IMPORT_PREVIEW_ROWS } from '../../../config/constants.ts';
import { countOf } from '../../../lib/count-text.ts';
import { notify } from '../../../lib/toast.tsx';
import { ImportTexts } from '../api/import-api.ts';
import { planImport, type ImportPlan, type ImportTally } from '../import-plan.ts';
import { ImportPreview } from './import-preview.tsx';
import { ImportResult } from './import-result.tsx';
import { ImportStopped, useImportPosts } from '../api/import-queries.ts';
import './import.css';

/**
 * Import Posts: a JSON array or NDJSON file is read and checked here with the catalog's own rules
 * (contracts' post-import-row.ts), its first rows previewed with their errors, then the ready rows
 * are sent to POST /api/admin/posts/import in calls of IMPORT_BATCH_ROWS, with the counts growing
 * after each call. New posts arrive pending; a known url updates its post.
 */
export default function ImportPage() {
  const fileId = useId();
  const previewTitle = useId();
  const resultTitle = useId();
  const [file, setFile] = useState<{ name: string; plan: ImportPlan } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [tally, setTally] = useState<ImportTally | null>(null);
  const [stopped, setStopped] = useState<string | null>(null);
  const importPosts = useImportPosts();
  const running = importPosts.isPending;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setFile(null);
    setFileError(null);
    setTally(null);
    setStopped(null);
    if (!chosen) return;
    try {
      setFile({ name: chosen.name, plan: planImport(await chosen.text(), IMPORT_PREVIEW_ROWS) });
    } catch (error) {
      setFileError((error as Error).message);
    }
  };

  const start = () => {
    if (!file) return;
    setStopped(null);
    importPosts.mutate(
      { plan: file.plan, onProgress: setTally },
      {
        onSuccess: (done) => {
          setTally(done);
          notify.success(ImportTexts.done, `${done.created} created, ${done.updated} updated`);
        },
        onError: (error) => {
          if (error instanceof ImportStopped) setTally(error.tally);
          setStopped(error.message);
          notify.error(ImportTexts.failed, error.message);
        },
      },
    );
  };

  const ready = file?.plan.ready.length ?? 0;
  return (
    <section className="import-page">
      <div className="page-head">
        <div>
          <h1>Import Posts</h1>
          <p className="muted">
            Add or update posts from a JSON or NDJSON file. New posts wait in <Link to="/posts">Posts</Link>{' '}
            as pending; a post whose url is already known is updated.
          </p>
        </div>
      </div>

      <div className="panel import-file">
        <label htmlFor={fileId}>File (JSON or NDJSON)</label>
        <input
          id={fileId}
          type="file"
          accept=".json,.ndjson,.jsonl,application/json,application/x-ndjson"
          disabled={running}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(e) => void choose(e)}
        />
        {fileError && (
          <p id={`${fileId}-error`} role="alert" className="banner">
            {fileError}
          </p>
        )}
      </div>

      {file && (
        <div className="panel" role="region" aria-labelledby={previewTitle}>
          <h2 id={previewTitle}>Preview</h2>
          <ImportPreview fileName={file.name} plan={file.plan} />
          <div className="buttons">
            <button type="button" disabled={ready === 0 || running || tally !== null} onClick={start}>
              {running ? 'Importing...' : `Import ${countOf(ready, 'post')}`}
            </button>
          </div>
        </div>
      )}

      {file && tally && (
        <div className="panel" role="region" aria-labelledby={resultTitle} aria-busy={running}>
          <h2 id={resultTitle}>{running ? 'Importing' : stopped ? ImportTexts.stopped : 'Result'}</h2>
          <div className="import-progress">
            <progress value={tally.sent} max={Math.max(ready, 1)} aria-label="Import progress" />
            <span role="status">
              {tally.sent} of {countOf(ready, 'post')} sent
            </span>
          </div>
          {stopped && (
            <p role="alert" className="banner">
              {ImportTexts.stopped}: {stopped}
            </p>
          )}
          <ImportResult tally={tally} />
        </div>
      )}
    </section>
  );
}
