import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@celebstyle/contracts';
import { useId, useState, type FormEvent } from 'react';
import { AUDIT_ACTION_LABELS } from '../../../components/audit-trail.tsx';
import { plainOptions, Select } from '../../../components/select.tsx';
import type { AuditFilters } from '../api/audit-log-api.ts';

const EMPTY: AuditFilters = {};

/** Who, what, which record and when; applied together with Apply, cleared with Clear. */
export function AuditLogFilters({ onApply }: { onApply(filters: AuditFilters): void }) {
  const id = useId();
  const [draft, setDraft] = useState<AuditFilters>(EMPTY);
  const set = (field: keyof AuditFilters) => (value: string) =>
    setDraft({ ...draft, [field]: value === '' ? undefined : value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="panel audit-filters" role="search" aria-label="Filter the audit log" onSubmit={submit}>
      <label>
        Admin
        <input
          placeholder="Username or id"
          maxLength={100}
          value={draft.actor ?? ''}
          onChange={(e) => set('actor')(e.target.value)}
        />
      </label>
      <label htmlFor={`${id}-action`}>
        Action
        <Select
          id={`${id}-action`}
          value={draft.action ?? ''}
          options={[
            { value: '', label: 'All actions' },
            ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
          ]}
          onChange={set('action')}
        />
      </label>
      <label htmlFor={`${id}-target-type`}>
        Target type
        <Select
          id={`${id}-target-type`}
          value={draft.targetType ?? ''}
          options={[{ value: '', label: 'All types' }, ...plainOptions(AUDIT_TARGET_TYPES)]}
          onChange={set('targetType')}
        />
      </label>
      <label>
        Target id
        <input
          maxLength={100}
          value={draft.targetId ?? ''}
          onChange={(e) => set('targetId')(e.target.value)}
        />
      </label>
      <label>
        From
        <input type="date" value={draft.from ?? ''} onChange={(e) => set('from')(e.target.value)} />
      </label>
      <label>
        To
        <input type="date" value={draft.to ?? ''} onChange={(e) => set('to')(e.target.value)} />
      </label>
      <div className="audit-filter-buttons">
        <button type="submit">Apply</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setDraft(EMPTY);
            onApply(EMPTY);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
