import type { SupportRequest } from '../api/support-api.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { PRIORITY_LABELS, STATUS_LABELS, timeAgo } from '../format.ts';

interface Props {
  requests: SupportRequest[];
  selectedId: string | null;
  onOpen(request: SupportRequest): void;
}

/** admin.md §2 master list: Request Details (name, e-mail, subject, priority badge), Status, Date. */
export function RequestList({ requests, selectedId, onOpen }: Props) {
  if (requests.length === 0) return <p className="muted support-empty">No support requests found.</p>;
  return (
    <div className="table-scroll">
      <table className="support-list">
        <thead>
          <tr>
            <th scope="col">Request Details</th>
            <th scope="col">Status</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => {
            const selected = request._id === selectedId;
            return (
              <tr
                key={request._id}
                className={selected ? 'selected' : undefined}
                aria-current={selected ? true : undefined}
                onClick={() => onOpen(request)}
              >
                <td>
                  {/* the button makes the row reachable by keyboard; a click anywhere on the row opens it */}
                  <button
                    type="button"
                    className="link"
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(request);
                    }}
                  >
                    {request.name}
                  </button>
                  <div className="muted">{request.email}</div>
                  <div className="subject">{request.subject}</div>
                  <span className={`badge priority-${request.priority}`}>
                    {PRIORITY_LABELS[request.priority]}
                  </span>
                </td>
                <td>
                  <span className={`badge status-${request.status}`}>{STATUS_LABELS[request.status]}</span>
                </td>
                <td>
                  <time dateTime={request.createdAt} title={formatDateTime(request.createdAt)}>
                    {timeAgo(request.createdAt)}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
