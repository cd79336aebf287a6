import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FormDialog, useAutoFocus, useSaving } from '../../../components/form-dialog.tsx';
import { addParam, type CleaningRule, type RuleInput } from '../api/url-settings-api.ts';

interface Props {
  /** The rule being edited, or null to add one. */
  rule: CleaningRule | null;
  /** Resolves when saved (the dialog then closes); rejects with the banner text to show. */
  onSave(input: RuleInput): Promise<void>;
  onCancel(): void;
}

/** link-health-and-routes.md §2.4 add/edit dialog. */
export function RuleDialog({ rule, onSave, onCancel }: Props) {
  const paramId = useId();
  const [domain, setDomain] = useState(rule?.domain ?? '');
  const [params, setParams] = useState<string[]>(rule?.preserveParams ?? []);
  const [entry, setEntry] = useState('');
  const [active, setActive] = useState(rule?.active ?? true);
  const [notes, setNotes] = useState(rule?.notes ?? '');
  const { saving, error, run } = useSaving();
  // §5: the domain is required; the message shows after a submit without one, until one is typed
  const [triedWithoutDomain, setTriedWithoutDomain] = useState(false);
  const domainMissing = triedWithoutDomain && !domain.trim();
  const domainRef = useAutoFocus();

  function addEntry() {
    setParams((current) => addParam(current, entry));
    setEntry('');
  }

  function onEntryKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the chip rather than submitting the form
    addEntry();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    // §5: the domain is required.
    if (!domain.trim()) {
      setTriedWithoutDomain(true);
      domainRef.current?.focus();
      return;
    }
    void run(() =>
      onSave({
        domain: domain.trim(),
        // an entry typed but not yet added is kept, not lost
        preserveParams: addParam(params, entry),
        active,
        notes: notes.trim() || null,
      }),
    );
  }

  return (
    <FormDialog
      title={rule ? 'Edit Rule' : 'Add Rule'}
      submitLabel={rule ? 'Update' : 'Create'}
      saving={saving}
      error={domainMissing ? 'Domain is required' : error}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <label>
        Domain
        <input
          ref={domainRef}
          required
          aria-required="true"
          aria-invalid={domainMissing || undefined}
          placeholder="e.g. amazon.com"
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        />
      </label>
      <div className="field">
        <label htmlFor={`${paramId}`}>Preserve Parameters</label>
        <div className="row">
          <input
            id={`${paramId}`}
            placeholder="e.g. tag or utm_*"
            value={entry}
            onChange={(e) => setEntry(e.target.value)}
            onKeyDown={onEntryKey}
          />
          <button type="button" className="secondary" onClick={addEntry}>
            Add
          </button>
        </div>
        {params.length > 0 && (
          <ul className="chips" aria-label="Preserved parameters">
            {params.map((param) => (
              <li key={param} className="chip">
                <code>{param}</code>
                <button
                  type="button"
                  aria-label={`Remove ${param}`}
                  onClick={() => setParams((current) => current.filter((p) => p !== param))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <label className="check">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        Active
      </label>
      <label>
        Notes
        <textarea rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </label>
    </FormDialog>
  );
}
