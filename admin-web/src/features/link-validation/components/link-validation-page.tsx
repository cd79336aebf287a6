import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { LinkValidationResult } from '@celebstyle/contracts';
import { notify } from '../../../lib/toast.tsx';
import { LinkValidationErrors } from '../api/link-validation-api.ts';
import { useCheckNow } from '../api/check-now.ts';
import { DetailsDialog } from './details-dialog.tsx';
import { FilterPanel } from './filter-panel.tsx';
import { DEFAULT_FILTERS, nextSort, toggleQuickFilter } from '../filters.ts';
import { HealthPanel } from './health-panel.tsx';
import {
  BULK_VERBS,
  callsForBulk,
  callsForRowStatus,
  ROW_OPERATIONS,
  type BulkOperation,
  type ModerationSummary,
  type PostStatus,
} from '../post-status.ts';
import {
  useExport,
  useInvalidateLinkHealth,
  useModeratePosts,
  useResults,
  useStats,
} from '../api/link-validation-queries.ts';
import { groupByPost, ResultsTable } from './results-table.tsx';
import { SelectionBar } from './selection-bar.tsx';
import { StatCards } from './stat-cards.tsx';
import { useViewState } from './use-view-state.ts';
import './link-validation.css';

export const PageTexts = {
  title: 'Link Validation Results',
  loading: 'Loading validation results...',
  empty: 'No validation results found matching your filters.',
} as const;

function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The route's page. The view is read from the URL once per navigation: a navigation to this screen
 * while it is open (the sidebar link, Back) opens the view its URL names, as a copied URL does. The
 * screen's own URL updates (history.replaceState) are no navigation and keep the key.
 */
export default function LinkValidationPage() {
  const location = useLocation();
  return <LinkValidationScreen key={location.key} search={location.search} />;
}

/** link-health-and-routes.md §2.2 Link Validation Results, §2.3 details, §4, §8. */
function LinkValidationScreen({ search }: { search: string }) {
  const navigate = useNavigate();
  const { view, applied, setFilters, setNow } = useViewState(search);
  const results = useResults(applied);
  const stats = useStats();
  const invalidate = useInvalidateLinkHealth();
  const exporter = useExport();
  const moderate = useModeratePosts();
  const checks = useCheckNow();
  const [openPost, setOpenPost] = useState<string | null>(null);
  // post id → status, for the posts selected (their status decides the bulk buttons, §2.2)
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  // post statuses changed here: the catalog answers them at once, the link results a moment later
  const [changedStatus, setChangedStatus] = useState<ReadonlyMap<string, string>>(new Map());
  const [exportError, setExportError] = useState<string | null>(null);
  const [exportNotice, setExportNotice] = useState<string | null>(null);

  useEffect(() => {
    // §8 stats load failure: logged only
    if (stats.error) console.error('link validation stats failed to load', stats.error);
  }, [stats.error]);

  const groups = useMemo(() => groupByPost(results.data?.results ?? []), [results.data]);
  const statusOf = (post: LinkValidationResult) => changedStatus.get(post.postId) ?? post.postStatus;
  const pagination = results.data?.pagination;

  const remember = (summary: ModerationSummary) =>
    setChangedStatus((current) => new Map([...current, ...summary.statuses]));

  const changePostStatus = (post: LinkValidationResult, status: string) => {
    let calls;
    try {
      calls = callsForRowStatus(status);
    } catch (error) {
      notify.error(LinkValidationErrors.postStatusFailed, (error as Error).message);
      return;
    }
    moderate.mutate(
      { calls, postIds: [post.postId] },
      {
        onSuccess: (summary) => {
          remember(summary);
          const unchanged = summary.unchanged[0];
          if (unchanged) {
            notify.error(
              LinkValidationErrors.postStatusFailed,
              unchanged.message ?? LinkValidationErrors.postStatusFailedDefault,
            );
            return;
          }
          notify.success(
            LinkValidationErrors.postStatusUpdated,
            `Post has been ${BULK_VERBS[ROW_OPERATIONS[status as PostStatus]]} successfully.`,
          );
        },
        onError: (error) =>
          notify.error(
            LinkValidationErrors.postStatusFailed,
            error.message || LinkValidationErrors.postStatusFailedDefault,
          ),
      },
    );
  };

  const runBulk = (operation: BulkOperation) => {
    const postIds = [...selected.keys()];
    moderate.mutate(
      { calls: callsForBulk(operation), postIds },
      {
        onSuccess: (summary) => {
          remember(summary);
          if (summary.changed.length === 0) {
            notify.error(LinkValidationErrors.bulkFailed, summary.unchanged[0]?.message ?? undefined);
            return;
          }
          setSelected(new Map());
          notify.success(
            LinkValidationErrors.bulkDone,
            `${summary.changed.length} post(s) ${BULK_VERBS[operation]} successfully.`,
          );
        },
        onError: (error) => notify.error(LinkValidationErrors.bulkFailed, error.message),
      },
    );
  };

  const startExport = () => {
    setExportError(null);
    setExportNotice(null);
    exporter.mutate(applied, {
      onSuccess: ({ blob, fileName, cutAt }) => {
        saveFile(blob, fileName);
        setExportNotice(
          cutAt === null
            ? null
            : `The file holds the first ${cutAt.toLocaleString('en-US')} matching links: narrow the filters to export the rest.`,
        );
      },
      onError: (error) => setExportError(error.message || LinkValidationErrors.export),
    });
  };

  const select = (postId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      const group = groups.find((g) => g.post.postId === postId);
      if (on && group) next.set(postId, statusOf(group.post));
      else next.delete(postId);
      return next;
    });
  const selectAll = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const { post } of groups) {
        if (on) next.set(post.postId, statusOf(post));
        else next.delete(post.postId);
      }
      return next;
    });
  const selectedStatuses = [...selected.entries()].map(
    ([postId, status]) => changedStatus.get(postId) ?? status,
  );

  const hasResults = groups.length > 0;
  return (
    <section className="lv-page">
      <div className="page-head">
        <h1>{PageTexts.title}</h1>
        <div className="lv-head-actions">
          <button type="button" className="secondary" onClick={() => void invalidate()}>
            Refresh
          </button>
          <button type="button" disabled={exporter.isPending || !hasResults} onClick={startExport}>
            {exporter.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        </div>
      </div>
      {exportError && (
        <p className="banner" role="alert">
          {exportError}
        </p>
      )}
      {exportNotice && (
        <p className="banner" role="status">
          {exportNotice}
        </p>
      )}
      <StatCards stats={stats.data} />
      <FilterPanel
        filters={view.filters}
        options={results.data?.filterOptions}
        onChange={setFilters}
        onQuickFilter={(quick) => setFilters(toggleQuickFilter(view.filters, quick, new Date()))}
        onClear={() => setFilters(DEFAULT_FILTERS)}
      />
      <HealthPanel />
      <SelectionBar
        statuses={selectedStatuses}
        busy={moderate.isPending}
        onBulk={runBulk}
        onClear={() => setSelected(new Map())}
      />
      {results.isError && (
        <p className="banner" role="alert">
          {results.error.message || LinkValidationErrors.list}
        </p>
      )}
      {results.isPending ? (
        <p className="muted">{PageTexts.loading}</p>
      ) : !results.isError && !hasResults ? (
        <p className="muted">{PageTexts.empty}</p>
      ) : (
        hasResults && (
          <ResultsTable
            groups={groups}
            statusOf={statusOf}
            sortBy={view.sortBy}
            sortOrder={view.sortOrder}
            onSort={(field) => setNow(nextSort(view, field))}
            selected={new Set(selected.keys())}
            onSelect={select}
            onSelectAll={selectAll}
            onOpenLinks={setOpenPost}
            onOpenPost={(postId) => void navigate(`/posts?id=${encodeURIComponent(postId)}`)}
            onPostStatus={changePostStatus}
            onCheckPost={(postId) => void checks.check({ postId })}
            isChecking={checks.isChecking}
          />
        )
      )}
      {results.isFetching && !results.isPending && (
        <p className="muted" aria-live="polite">
          {PageTexts.loading}
        </p>
      )}
      {pagination && pagination.pages > 1 && (
        <nav className="lv-pagination" aria-label="Pagination">
          <span>
            Showing page {pagination.page} of {pagination.pages} ({pagination.total} total results)
          </span>
          <button
            type="button"
            className="secondary"
            disabled={!pagination.hasPrevPage}
            onClick={() => setNow({ ...view, page: view.page - 1 })}
          >
            Previous
          </button>
          <button
            type="button"
            className="secondary"
            disabled={!pagination.hasNextPage}
            onClick={() => setNow({ ...view, page: view.page + 1 })}
          >
            Next
          </button>
        </nav>
      )}
      <DetailsDialog
        postId={openPost}
        onClose={() => setOpenPost(null)}
        isChecking={checks.isChecking}
        onCheckLink={(postId, linkId) => void checks.check({ postId, linkId })}
      />
    </section>
  );
}
