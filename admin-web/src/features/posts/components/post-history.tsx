import { AuditTrail } from '../../../components/audit-trail.tsx';
import { usePostHistory } from '../api/post-history-query.ts';

/** The post's audit trail in its details dialog: who approved, edited or hid it, and when. */
export function PostHistory({ postId }: { postId: string }) {
  const history = usePostHistory(postId);
  return (
    <section className="post-history" aria-labelledby="post-history-title">
      <h3 id="post-history-title">History</h3>
      {history.isPending && <p className="muted">Loading history…</p>}
      {history.isError && <p className="error">Failed to load the history of this post</p>}
      {history.data && history.data.entries.length === 0 && <p className="muted">No changes recorded yet.</p>}
      {history.data && history.data.entries.length > 0 && <AuditTrail entries={history.data.entries} />}
    </section>
  );
}
