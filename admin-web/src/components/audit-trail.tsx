import type { AuditAction, AuditChange, AuditEntry } from '@celebstyle/contracts';
import './audit-trail.css';
import { DateTime } from './date-time.tsx';

/** Each audit action as the console words it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'post.approve': 'Approved post',
  'post.reject': 'Rejected post',
  'post.hide': 'Hid post',
  'post.unhide': 'Unhid post',
  'post.requeue': 'Returned post to review',
  'post.delete': 'Deleted post',
  'post.update': 'Edited post',
  'posts.import': 'Imported posts',
  'celebrity.update': 'Edited celebrity',
  'celebrity.delete': 'Deleted celebrity',
  'show.update': 'Edited show',
  'show.delete': 'Deleted show',
  'link.status-override': 'Set link status',
  'url-cleaning-rule.create': 'Created URL cleaning rule',
  'url-cleaning-rule.update': 'Edited URL cleaning rule',
  'url-cleaning-rule.delete': 'Deleted URL cleaning rule',
  'support-request.update': 'Updated support request',
  'support-request.respond': 'Answered support request',
  'admin.create': 'Created admin',
  'admin.update': 'Edited admin',
  'admin.activate': 'Activated admin',
  'admin.deactivate': 'Deactivated admin',
  'admin.delete': 'Deleted admin',
  'admin.reset-password': 'Reset password',
  'admin.change-password': 'Changed own password',
  'auth.sign-in': 'Signed in',
  'auth.sign-out': 'Signed out',
};

/** A value as a short line of text: nothing as '—', lists and objects as compact JSON. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The changed fields of an entry, each as "field: before → after". */
export function AuditChanges({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="audit-field">{change.field}</span>: <del>{shown(change.before)}</del>
          {' → '}
          <ins>{shown(change.after)}</ins>
        </li>
      ))}
    </ul>
  );
}

/** A record's history, newest first: when, who, what and the fields that changed. */
export function AuditTrail({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="audit-trail">
      {entries.map((entry) => (
        <li key={entry._id}>
          <div>
            <DateTime iso={entry.occurredAt} />{' '}
            <strong>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</strong> by {entry.actor.username}
          </div>
          <AuditChanges changes={entry.changes} />
        </li>
      ))}
    </ol>
  );
}
