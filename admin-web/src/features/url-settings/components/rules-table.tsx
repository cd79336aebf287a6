import { filterRules, type CleaningRule } from '../api/url-settings-api.ts';

interface Props {
  rules: CleaningRule[];
  /** 'failed': the page shows the load banner, so the table says nothing (no empty-state text). */
  state: 'loading' | 'failed' | 'loaded';
  search: string;
  onSearch(value: string): void;
  /** Ids of rules with a toggle or delete in flight: their buttons are disabled meanwhile. */
  busyIds: ReadonlySet<string>;
  onToggle(rule: CleaningRule): void;
  onEdit(rule: CleaningRule): void;
  onDelete(rule: CleaningRule): void;
}

/** link-health-and-routes.md §2.4: the rules table with its search box and empty states. */
export function RulesTable({ rules, state, search, onSearch, busyIds, onToggle, onEdit, onDelete }: Props) {
  const shown = filterRules(rules, search);
  return (
    <div className="panel">
      <input
        type="search"
        className="rules-search"
        aria-label="Search rules"
        placeholder="Search by domain or notes..."
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      {state === 'loading' ? (
        <p className="muted">Loading rules...</p>
      ) : state === 'failed' ? null : shown.length === 0 ? (
        <p className="muted">
          {rules.length === 0 ? 'No URL cleaning rules configured yet.' : 'No rules match your search.'}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="rules">
            <thead>
              <tr>
                <th scope="col">Domain</th>
                <th scope="col">Preserve Parameters</th>
                <th scope="col">Status</th>
                <th scope="col">Notes</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((rule) => {
                const busy = busyIds.has(rule._id);
                return (
                  <tr key={rule._id}>
                    <th scope="row">{rule.domain}</th>
                    <td>
                      {rule.preserveParams.length === 0 ? (
                        <span className="muted">None</span>
                      ) : (
                        <span className="chips">
                          {rule.preserveParams.map((param) => (
                            <code key={param} className="chip">
                              {param}
                            </code>
                          ))}
                        </span>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className={rule.active ? 'status active' : 'status inactive'}
                        title={rule.active ? 'Click to deactivate' : 'Click to activate'}
                        disabled={busy}
                        onClick={() => onToggle(rule)}
                      >
                        {rule.active ? 'Active' : 'Inactive'}
                      </button>
                    </td>
                    <td>{rule.notes ? rule.notes : <span className="muted">No notes</span>}</td>
                    <td>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="secondary"
                          disabled={busy}
                          onClick={() => onEdit(rule)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="danger"
                          disabled={busy}
                          onClick={() => onDelete(rule)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
