import { useEffect, useRef, useState } from 'react';
import { SUPPORT_PRIORITIES, SUPPORT_STATUSES } from '@celebstyle/contracts';
import { ApiError } from '../../lib/api-client.ts';
import {
  filterRequests,
  listQuery,
  supportApi,
  SupportErrors,
  type ListParams,
  type PriorityFilter,
  type StatusFilter,
  type SupportListAnswer,
  type SupportRequest,
  type SupportStats,
  type SupportStatus,
} from './api.ts';
import { PRIORITY_LABELS, STATUS_LABELS } from './format.ts';
import { Pagination } from './pagination.tsx';
import { RequestDetail } from './request-detail.tsx';
import { RequestList } from './request-list.tsx';
import './support.css';

/** The answer (or failure) for one list load, tagged with the query it was for. */
type ListResult = { key: string; answer: SupportListAnswer | null };
/** The open request: null while its details load; error when they could not be read. */
type Selection = { id: string; request: SupportRequest | null; error: string | null };

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
  const [params, setParams] = useState<ListParams>({ page: 1, status: 'all', priority: 'all' });
  const [search, setSearch] = useState('');
  // Refresh, Try Again and every change to a request bump this to load the list and stats again.
  const [reloads, setReloads] = useState(0);
  const [result, setResult] = useState<ListResult | null>(null);
  // The last list that loaded: kept on screen while the next one loads.
  const [shown, setShown] = useState<SupportListAnswer | null>(null);
  const [stats, setStats] = useState<SupportStats | null>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [updating, setUpdating] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  // The request the user opened last: answers for an earlier one are ignored.
  const openId = useRef<string | null>(null);
  const detailPanel = useRef<HTMLElement>(null);

  const key = `${listQuery(params)}#${reloads}`;
  const loading = result?.key !== key;
  const failed = !loading && result.answer === null;

  useEffect(() => {
    let live = true;
    supportApi.list(params).then(
      (answer) => {
        if (!live) return;
        const { page, pages } = answer.pagination;
        // the page emptied (e.g. its last request moved out of the status filter): go to the last one
        if (answer.data.length === 0 && page > 1 && pages < page) {
          setParams((current) => ({ ...current, page: Math.max(1, pages) }));
        }
        setResult({ key, answer });
        setShown(answer);
      },
      () => live && setResult({ key, answer: null }),
    );
    // The stats have no error text of their own (§8): the cards keep their last values.
    supportApi.stats().then(
      (loaded) => live && setStats(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [key, params]);

  const refresh = () => setReloads((n) => n + 1);
  const filter = (change: Partial<ListParams>) =>
    setParams((current) => ({ ...current, ...change, page: 1 }));
  const isOpen = (id: string) => openId.current === id;

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
    openId.current = id;
    setBanner(null);
    setSelection({ id, request: null, error: null });
    revealDetails();
    let request: SupportRequest;
    try {
      request = await supportApi.get(id);
    } catch {
      if (isOpen(id)) setSelection({ id, request: null, error: SupportErrors.details });
      return;
    }
    if (!isOpen(id)) return;
    setSelection({ id, request, error: null });
    if (request.status !== 'unread') return;
    try {
      const updated = await supportApi.setStatus(id, 'in-progress');
      if (isOpen(id)) setSelection({ id, request: updated, error: null });
    } catch {
      if (isOpen(id)) setBanner(SupportErrors.status);
    }
    refresh();
  }

  async function changeStatus(request: SupportRequest, status: SupportStatus) {
    setBanner(null);
    setUpdating(true);
    try {
      const updated = await supportApi.setStatus(request._id, status);
      if (isOpen(request._id)) setSelection({ id: request._id, request: updated, error: null });
      refresh();
    } catch {
      setBanner(SupportErrors.status);
    } finally {
      setUpdating(false);
    }
  }

  /** §4: a stored response replaces the form. Rejects with the text the form shows. */
  async function respond(request: SupportRequest, text: string) {
    let updated: SupportRequest;
    try {
      updated = await supportApi.respond(request._id, text);
    } catch (e) {
      // 409: another admin answered meanwhile; show the stored response rather than the form
      if (!(e instanceof ApiError && e.status === 409)) throw new Error(SupportErrors.respond);
      updated = await supportApi.get(request._id).catch(() => {
        throw new Error(SupportErrors.respond);
      });
    }
    if (isOpen(request._id)) setSelection({ id: request._id, request: updated, error: null });
  }

  const rows = shown ? filterRequests(shown.data, search) : [];
  const selected = selection?.request ?? null;

  return (
    <section className="support">
      <div className="page-head">
        <h1>Support Requests</h1>
        <button type="button" className="secondary" disabled={loading} onClick={refresh}>
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
        <select
          aria-label="Status"
          value={params.status}
          onChange={(e) => filter({ status: e.target.value as StatusFilter })}
        >
          <option value="all">All Statuses</option>
          {SUPPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
        <select
          aria-label="Priority"
          value={params.priority}
          onChange={(e) => filter({ priority: e.target.value as PriorityFilter })}
        >
          <option value="all">All Priorities</option>
          {SUPPORT_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {PRIORITY_LABELS[priority]}
            </option>
          ))}
        </select>
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
              <button type="button" onClick={refresh}>
                Try Again
              </button>
            </div>
          ) : !shown ? (
            <p className="muted">Loading support requests...</p>
          ) : (
            <>
              <RequestList
                requests={rows}
                selectedId={selection?.id ?? null}
                onOpen={(request) => void open(request)}
              />
              <Pagination
                page={shown.pagination.page}
                pages={shown.pagination.pages}
                total={shown.pagination.total}
                disabled={loading}
                onPage={(page) => setParams((current) => ({ ...current, page }))}
              />
            </>
          )}
        </div>

        <aside ref={detailPanel} className="panel support-detail" aria-labelledby="support-detail-title">
          <h2 id="support-detail-title" tabIndex={-1}>
            Request Details
          </h2>
          {!selection ? (
            <p className="muted">Select a request to view its details.</p>
          ) : selection.error ? (
            <p role="alert" className="banner">
              {selection.error}
            </p>
          ) : !selected ? (
            <p className="muted">Loading request details...</p>
          ) : (
            <RequestDetail
              request={selected}
              updating={updating}
              onStatus={(status) => void changeStatus(selected, status)}
              onRespond={(text) => respond(selected, text)}
            />
          )}
        </aside>
      </div>
    </section>
  );
}
