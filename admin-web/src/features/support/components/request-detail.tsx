import { useId, useState, type FormEvent } from 'react';
import { SUPPORT_STATUSES } from '@celebstyle/contracts';
import type { SupportRequest, SupportStatus } from '../api/support-api.ts';
import { DateTime } from '../../../components/date-time.tsx';
import { PRIORITY_LABELS, STATUS_LABELS } from '../format.ts';

interface Props {
  request: SupportRequest;
  /** A status change in flight: every status button is disabled meanwhile. */
  updating: boolean;
  onStatus(status: SupportStatus): void;
  /** Resolves once the response is stored (the parent then shows it); rejects with the text to show. */
  onRespond(text: string): Promise<void>;
}

/** admin.md §2 detail panel 'Request Details', §4 Support request status. */
export function RequestDetail({ request, updating, onStatus, onRespond }: Props) {
  return (
    <div className="support-detail-body">
      <dl className="support-fields">
        <dt>Request ID</dt>
        <dd>
          <code>{request.requestId}</code>
        </dd>
        <dt>Submitted</dt>
        <dd>
          <DateTime iso={request.createdAt} />
        </dd>
        <dt>Name</dt>
        <dd>{request.name}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${request.email}`}>{request.email}</a>
        </dd>
        <dt>Subject</dt>
        <dd>{request.subject}</dd>
        <dt>Category</dt>
        <dd>{request.category}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge status-${request.status}`}>{STATUS_LABELS[request.status]}</span>
        </dd>
        <dt>Priority</dt>
        <dd>
          <span className={`badge priority-${request.priority}`}>{PRIORITY_LABELS[request.priority]}</span>
        </dd>
      </dl>
      <h3>Message</h3>
      <p className="support-message">{request.message}</p>

      <h3 id={`status-${request._id}`}>Update Status</h3>
      {/* §4: any status can be set by button; the current one is disabled */}
      <div className="support-status-buttons" role="group" aria-labelledby={`status-${request._id}`}>
        {SUPPORT_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={status === request.status ? 'current' : 'secondary'}
            aria-pressed={status === request.status}
            disabled={updating || status === request.status}
            onClick={() => onStatus(status)}
          >
            {STATUS_LABELS[status]}
          </button>
        ))}
      </div>

      {request.response ? (
        <div className="support-response" role="region" aria-label="Response">
          <h3>Response</h3>
          <p className="muted">
            Sent <DateTime iso={request.response.sentAt} />
          </p>
          <p className="support-message">{request.response.text}</p>
        </div>
      ) : (
        <ResponseForm key={request._id} onRespond={onRespond} />
      )}
    </div>
  );
}

function ResponseForm({ onRespond }: Pick<Props, 'onRespond'>) {
  const titleId = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // §5: the response text is required and must be non-blank.
    if (!text.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      await onRespond(text.trim());
      // on success the parent swaps this form for the stored response, unmounting it
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSending(false);
    }
  }

  return (
    <form className="support-response-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>Update notes regarding this request</h3>
      <textarea
        aria-labelledby={titleId}
        required
        aria-required="true"
        rows={5}
        placeholder="Type your response..."
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {error && (
        <p role="alert" className="banner">
          {error}
        </p>
      )}
      <button type="submit" disabled={!text.trim() || sending}>
        {sending ? 'Sending...' : 'Send Response'}
      </button>
    </form>
  );
}
