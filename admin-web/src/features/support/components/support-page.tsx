import { useRef, useState } from 'react';
import { SUPPORT_PRIORITIES, SUPPORT_STATUSES } from '@celebstyle/contracts';
import {
  filterRequests,
  SupportErrors,
  type ListParams,
  type PriorityFilter,
  type StatusFilter,
  type SupportRequest,
  type SupportStats,
  type SupportStatus,
} from '../api/support-api.ts';
import { PRIORITY_LABELS, STATUS_LABELS } from '../format.ts';
import { Pagination } from './pagination.tsx';
import { Select } from '../../../components/select.tsx';
import {
  FIRST_SUPPORT_LIST,
  useReadSupportRequest,
  useReloadSupportList,
  useRespondToSupport,
  useSetSupportStatus,
  useSupportList,
  useSupportRequest,
  useSupportStats,
} from '../api/support-queries.ts';
import { RequestDetail } from './request-detail.tsx';
import { RequestList } from './request-list.tsx';
import './support.css';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...SUPPORT_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];
const PRIORITY_OPTIONS = [
  { value: 'all', label: 'All Priorities' },
  ...SUPPORT_PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] })),
];

const STAT_CARDS: [label: string, key: keyof SupportStats][] = [
  ['Total', 'total'],
  ['Unread', 'unread'],
  ['In Progress', 'inProgress'],
  ['Resolved', 'resolved'],
  ['Archived', 'archived'],
  ['Urgent', 'urgent'],
];

/** admin.md §2 Support Requests (/admin/support), §4 Support request status, §7 Support, §8 texts. */
export default function SupportPage() {
  const [params, setParams] = useState<ListParams>(FIRST_SUPPORT_LIST);
  const [search, setSearch] = useState('');
  // The request the user opened last; the detail panel shows its query only.
  const [openId, setOpenId] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  // The same, for the steps of opening that run after an await: answers for an earlier one are ignored.
  const opened = useRef<string | null>(null);
  const detailPanel = useRef<HTMLElement>(null);

  const list = useSupportList(params);
  const stats = useSupportStats().data;
  const detail = useSupportRequest(openId);
  const reload = useReloadSupportList();
  const readRequest = useReadSupportRequest();
  const markInProgress = useSetSupportStatus();
  const setStatus = useSetSupportStatus();
  const sendResponse = useRespondToSupport();

  // The last list that loaded stays on screen while the next one loads.
  const shown = list.data;
  const loading = list.isFetching;
  const failed = list.isError && !list.isFetching;

  // the page emptied (e.g. its last request moved out of the status filter): go to the last one
  if (shown && !list.isPlaceholderData && shown.data.length === 0) {
    const { page, pages } = shown.pagination;
    if (page > 1 && pages < page) setParams({ ...params, page: Math.max(1, pages) });
  }

  const filter = (change: Partial<ListParams>) => setParams({ ...params, ...change, page: 1 });
  const isOpen = (id: string) => opened.current === id;

  /**
   * On a phone the details panel sits under the list, out of sight: bring it into view and move
   * focus to its heading (screen readers follow). Where it is already in view, nothing moves.
   */
  function revealDetails() {
    const panel = detailPanel.current;
    if (!panel) return;
    const { top } = panel.getBoundingClientRect();
    if (top >= 0 && top <= window.innerHeight - 120) return;
    panel.scrollIntoView?.({ block: 'start' });
    panel.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }

  /** §4: opening an unread request sets it to in-progress and refreshes the list (and stats). */
  async function open(item: SupportRequest) {
    const id = item._id;
    opened.current = id;
    setOpenId(id);
    setBanner(null);
    revealDetails();
    // a failure shows in the panel through the request's query
    const request = await readRequest(id).catch(() => null);
    if (!request || !isOpen(id) || request.status !== 'unread') return;
    try {
      await markInProgress.mutateAsync({ id, status: 'in-progress' });
    } catch {
      if (isOpen(id)) setBanner(SupportErrors.status);
    }
  }

  async function changeStatus(request: SupportRequest, status: SupportStatus) {
    setBanner(null);
    try {
      await setStatus.mutateAsync({ id: request._id, status });
    } catch {
      setBanner(SupportErrors.status);
    }
  }

  /** §4: a stored response replaces the form. Rejects with the text the form shows. */
  async function respond(request: SupportRequest, text: string) {
    try {
      await sendResponse.mutateAsync({ id: request._id, text });
    } catch {
      throw new Error(SupportErrors.respond);
    }
  }

  const rows = shown ? filterRequests(shown.data, search) : [];
  const selected = detail.data;

  return (
    <section className="support">
      <div className="page-head">
        <h1>Support Requests</h1>
        <button type="button" className="secondary" disabled={loading} onClick={() => void reload()}>
          {loading && shown ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>

      <dl className="support-stats" aria-label="Support statistics">
        {STAT_CARDS.map(([label, field]) => (
          <div key={field} className={`stat stat-${field}`}>
            <dt>{label}</dt>
            <dd>{stats ? stats[field] : '–'}</dd>
          </div>
        ))}
      </dl>

      <div className="panel support-filters">
        <Select
          aria-label="Status"
          value={params.status}
          options={STATUS_OPTIONS}
          onChange={(value) => filter({ status: value as StatusFilter })}
        />
        <Select
          aria-label="Priority"
          value={params.priority}
          options={PRIORITY_OPTIONS}
          onChange={(value) => filter({ priority: value as PriorityFilter })}
        />
        {/* §2: the search text stays on the screen (never sent); it narrows the loaded page only */}
        <input
          type="search"
          aria-label="Search"
          placeholder="Search by name, email or ID..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      {banner && (
        <p role="alert" className="banner">
          {banner}
        </p>
      )}

      <div className="support-layout">
        <div className="panel support-master" aria-busy={loading}>
          {failed ? (
            <div className="support-error">
              <p role="alert" className="banner">
                {SupportErrors.load}
              </p>
              <button type="button" onClick={() => void reload()}>
                Try Again
              </button>
            </div>
          ) : !shown ? (
            <p className="muted">Loading support requests...</p>
          ) : (
            <>
              <RequestList requests={rows} selectedId={openId} onOpen={(request) => void open(request)} />
              <Pagination
                page={shown.pagination.page}
                pages={shown.pagination.pages}
                total={shown.pagination.total}
                disabled={loading}
                onPage={(page) => setParams({ ...params, page })}
              />
            </>
          )}
        </div>

        <aside ref={detailPanel} className="panel support-detail" aria-labelledby="support-detail-title">
          <h2 id="support-detail-title" tabIndex={-1}>
            Request Details
          </h2>
          {!openId ? (
            <p className="muted">Select a request to view its details.</p>
          ) : detail.isError && !detail.isFetching ? (
            <p role="alert" className="banner">
              {SupportErrors.details}
            </p>
          ) : !selected ? (
            <p className="muted">Loading request details...</p>
          ) : (
            <RequestDetail
              request={selected}
              updating={setStatus.isPending}
              onStatus={(status) => void changeStatus(selected, status)}
              onRespond={(text) => respond(selected, text)}
            />
          )}
        </aside>
      </div>
    </section>
  );
}
