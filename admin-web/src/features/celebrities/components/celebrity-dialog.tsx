import { useId, useState, type FormEvent } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import type { AdminCelebrity, AdminCelebrityUpdate } from '../api/celebrities-api.ts';
import {
  celebrityChanges,
  celebrityFormError,
  formValuesOf,
  type CelebrityFormValues,
} from '../celebrity-form.ts';
import { splitList } from '../../../lib/form-text.ts';

/** admin.md §2: the Edit Celebrity modal, every field of PUT /admin/celebrities/{id}. */
export function CelebrityDialog({
  celebrity,
  saving,
  error,
  onSave,
  onClose,
}: {
  celebrity: AdminCelebrity;
  saving: boolean;
  /** The failure of the last save ('Failed to update celebrity' or the server's reason). */
  error: string | null;
  onSave(changes: AdminCelebrityUpdate): void;
  onClose(): void;
}) {
  const [values, setValues] = useState<CelebrityFormValues>(() => formValuesOf(celebrity));
  const [touched, setTouched] = useState(false);
  const showsListId = useId();
  const invalid = celebrityFormError(values);
  const set = (field: keyof CelebrityFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid) return;
    const changes = celebrityChanges(celebrity, values);
    if (Object.keys(changes).length === 0) return onClose();
    onSave(changes);
  }

  return (
    <FormDialog
      title="Edit Celebrity"
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
        Description
        <textarea
          rows={5}
          maxLength={20_000}
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
        />
      </label>
      {celebrity.descriptionGenerated && (
        <p className="muted field-note">Written by the system. Your edit replaces it.</p>
      )}
      <label>
        Profile Image URL
        <input
          maxLength={4000}
          value={values.profileImage}
          onChange={(e) => set('profileImage')(e.target.value)}
        />
      </label>
      <label>
        Shows (comma-separated)
        <input maxLength={4000} value={values.shows} onChange={(e) => set('shows')(e.target.value)} />
      </label>
      <label>
        Main Show
        <input
          maxLength={200}
          list={showsListId}
          value={values.mainShow}
          onChange={(e) => set('mainShow')(e.target.value)}
        />
        <datalist id={showsListId}>
          {splitList(values.shows).map((show) => (
            <option key={show} value={show} />
          ))}
        </datalist>
      </label>
      <label>
        Network
        <input maxLength={200} value={values.network} onChange={(e) => set('network')(e.target.value)} />
      </label>
      <label>
        Location
        <input maxLength={200} value={values.location} onChange={(e) => set('location')(e.target.value)} />
      </label>
    </FormDialog>
  );
}
