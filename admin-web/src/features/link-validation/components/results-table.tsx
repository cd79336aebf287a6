import type { LinkValidationResult } from '@celebstyle/contracts';
import { Checkbox } from '../../../components/checkbox.tsx';
import { DropdownMenu } from '../../../components/dropdown-menu.tsx';
import type { SortField, SortOrder } from '../filters.ts';
import { linkStatusLabel } from '../labels.ts';
import { POST_STATUSES, POST_STATUS_LABELS, ROW_OPERATIONS, wouldChange } from '../post-status.ts';
import { PostImage } from './post-image.tsx';
import { StatusBadge } from './status-badge.tsx';
import { DateTime } from '../../../components/date-time.tsx';

/** One table row: a post and its matching links. */
export interface PostGroup {
  post: LinkValidationResult;
  links: LinkValidationResult[];
}

/** Groups result rows by post, keeping the server's order (§2.2: the table is grouped by post). */
export function groupByPost(results: readonly LinkValidationResult[]): PostGroup[] {
  const groups = new Map<string, PostGroup>();
  for (const row of results) {
    const group = groups.get(row.postId);
    if (group) group.links.push(row);
    else groups.set(row.postId, { post: row, links: [row] });
  }
  return [...groups.values()];
}

interface Props {
  groups: PostGroup[];
  /** The post's status, with changes made on this screen applied. */
  statusOf(post: LinkValidationResult): string;
  sortBy: SortField;
  sortOrder: SortOrder;
  onSort(field: SortField): void;
  selected: ReadonlySet<string>;
  onSelect(postId: string, selected: boolean): void;
  onSelectAll(selected: boolean): void;
  onOpenLinks(postId: string): void;
  onOpenPost(postId: string): void;
  onPostStatus(post: LinkValidationResult, status: string): void;
  onCheckPost(postId: string): void;
  isChecking(postId: string): boolean;
}

const HEADERS: [label: string, field: SortField | null][] = [
  ['Post', 'postTitle'],
  ['Celebrity', 'celebrity'],
  ['Show', 'show'],
  ['Links Summary', null],
  ['Created', 'postCreated'],
  ['Actions', null],
];

/** §2.2 results table: a row per post, sortable headers, selection and row actions. */
export function ResultsTable(props: Props) {
  const { groups, selected, sortBy, sortOrder } = props;
  const selectedHere = groups.filter((g) => selected.has(g.post.postId)).length;
  const allState = selectedHere === 0 ? false : selectedHere === groups.length ? true : 'indeterminate';
  return (
    <div className="lv-table-box">
      <table className="lv-table">
        <thead>
          <tr>
            <th scope="col">
              <Checkbox aria-label="Select All" checked={allState} onCheckedChange={props.onSelectAll} />
            </th>
            {HEADERS.map(([label, field]) =>
              field ? (
                <th
                  key={label}
                  scope="col"
                  aria-sort={sortBy === field ? (sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <button type="button" className="lv-sort" onClick={() => props.onSort(field)}>
                    {label}
                    <span aria-hidden="true">
                      {sortBy === field ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
                    </span>
                  </button>
                </th>
              ) : (
                <th key={label} scope="col">
                  {label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {groups.map(({ post, links }) => {
            const title = post.postTitle || 'Untitled';
            const status = props.statusOf(post);
            const checking = props.isChecking(post.postId);
            return (
              <tr key={post.postId}>
                <td>
                  <Checkbox
                    aria-label={`Select ${title}`}
                    checked={selected.has(post.postId)}
                    onCheckedChange={(on) => props.onSelect(post.postId, on)}
                  />
                </td>
                <th scope="row" className="lv-post">
                  <div className="lv-post-cell">
                    <PostImage className="lv-thumb" src={post.enhancedImage ?? post.postImage} />
                    <span className="lv-post-text">
                      <span className="lv-title" title={title}>
                        {title}
                      </span>
                      <span className="muted lv-meta">
                        {post.postPlatform || 'Unknown'}
                        {post.brand ? ` · ${post.brand}` : ''}
                        {' · '}
                        <span className={`lv-post-status lv-post-${status}`}>{status}</span>
                      </span>
                    </span>
                  </div>
                </th>
                <td className="lv-celebrity">{post.celebrity}</td>
                <td className="lv-show">{post.show}</td>
                <td>
                  <span className="lv-badges">
                    <span className="lv-count">
                      {links.length} link{links.length === 1 ? '' : 's'}
                    </span>
                    {links.map((link) => (
                      <StatusBadge
                        key={link.linkId}
                        status={link.linkStatus}
                        title={`Link ${link.linkIndex + 1}: ${linkStatusLabel(link.linkStatus)}`}
                      />
                    ))}
                  </span>
                </td>
                <td className="lv-date">
                  <DateTime iso={post.postCreated} />
                </td>
                <td>
                  {/* one primary action (Links), the spec's Status dropdown, the rest in More */}
                  <div className="lv-actions">
                    <button
                      type="button"
                      className="secondary"
                      onClick={() => props.onOpenLinks(post.postId)}
                    >
                      Links
                    </button>
                    <DropdownMenu
                      label="Status"
                      aria-label={`Status of ${title}`}
                      items={POST_STATUSES.map((value) => ({
                        label: POST_STATUS_LABELS[value],
                        // its own status, or a choice the catalog would refuse (Pending on a rejected post)
                        disabled: value === status || !wouldChange(ROW_OPERATIONS[value], status),
                        onSelect: () => props.onPostStatus(post, value),
                      }))}
                    />
                    <DropdownMenu
                      label="More"
                      compact
                      aria-label={`More actions for ${title}`}
                      items={[
                        { label: 'Post', onSelect: () => props.onOpenPost(post.postId) },
                        checking
                          ? { label: 'Checking...', disabled: true, onSelect: () => {} }
                          : { label: 'Check now', onSelect: () => props.onCheckPost(post.postId) },
                      ]}
                    />
                    {checking && (
                      <span role="status" className="muted lv-checking">
                        Checking...
                      </span>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
