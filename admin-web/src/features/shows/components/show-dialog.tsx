import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { plainOptions, Select } from '../../../components/select.tsx';
import type { AdminShow, AdminShowUpdate } from '../api/shows-api.ts';
import {
  formValuesOf,
  SHOW_STATUSES,
  showChanges,
  showFormError,
  type ShowFormValues,
} from '../show-form.ts';

/** admin.md §2: the Edit Show modal, every field of PUT /admin/shows/{id}. */
export function ShowDialog({
  show,
  saving,
  error,
  onSave,
  onClose,
}: {
  show: AdminShow;
  saving: boolean;
  error: string | null;
  onSave(changes: AdminShowUpdate): void;
  onClose(): void;
}) {
  const id = useId();
  const [values, setValues] = useState<ShowFormValues>(() => formValuesOf(show));
  const [touched, setTouched] = useState(false);
  const invalid = showFormError(values);
  const set = (field: keyof ShowFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    const changes = showChanges(show, values);
    if (Object.keys(changes).length === 0) return onClose();
    onSave(changes);
  }

  return (
    <FormDialog
      title="Edit Show"
      className="entity-dialog"
      submitLabel="Save Changes"
      saving={saving}
      error={(touched && invalid) || error}
      onSubmit={submit}
      onCancel={onClose}
    >
      <label>
        Name
        <input
          required
          maxLength={200}
          value={values.name}
          aria-invalid={touched && values.name.trim() === ''}
          onChange={(e) => set('name')(e.target.value)}
        />
      </label>
      <label>
        Search Term
        <input
          maxLength={200}
          value={values.searchTerm}
          onChange={(e) => set('searchTerm')(e.target.value)}
        />
      </label>
      <p className="muted field-note">The name TVmaze is searched with; a new one looks the show up again.</p>
      <label>
        Network
        <input maxLength={200} value={values.network} onChange={(e) => set('network')(e.target.value)} />
      </label>
      <label htmlFor={`${id}-status`}>
        Status
        <Select
          id={`${id}-status`}
          value={values.status}
          options={[{ value: '', label: 'Not set' }, ...plainOptions(SHOW_STATUSES)]}
          onChange={set('status')}
        />
      </label>
      <label>
        Genres (comma-separated)
        <input maxLength={2000} value={values.genres} onChange={(e) => set('genres')(e.target.value)} />
      </label>
      <label>
        Summary
        <textarea
          rows={5}
          maxLength={20_000}
          value={values.summary}
          onChange={(e) => set('summary')(e.target.value)}
        />
      </label>
      <label>
        Original Image URL
        <input
          maxLength={4000}
          value={values.originalImage}
          onChange={(e) => set('originalImage')(e.target.value)}
        />
      </label>
      <label>
        Medium Image URL
        <input
          maxLength={4000}
          value={values.mediumImage}
          onChange={(e) => set('mediumImage')(e.target.value)}
        />
      </label>
    </FormDialog>
  );
}
