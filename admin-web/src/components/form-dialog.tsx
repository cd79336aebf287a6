import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from './dialog.tsx';

export interface FormDialogProps {
  /** Extra class of the dialog box (a screen's own field styles). */
  className?: string;
  title: string;
  submitLabel: string;
  submitDisabled?: boolean;
  saving: boolean;
  error: string | null;
  onSubmit(event: FormEvent): void;
  onCancel(): void;
  children: ReactNode;
}

/**
 * The modal form every admin dialog shares, on the console's Dialog (focus kept inside and given
 * back, Escape and backdrop cancel): the fields, the error (shown inside the dialog, which stays
 * open), Cancel and submit ('Saving...' while it runs; nothing dismisses it meanwhile).
 * Render it while the form is open; unmounting it closes it.
 */
export function FormDialog({
  className,
  title,
  submitLabel,
  submitDisabled,
  saving,
  error,
  onSubmit,
  onCancel,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onCancel()}
      title={title}
      className={className}
      dismissible={!saving}
    >
      <form onSubmit={onSubmit} noValidate>
        {children}
        {error && (
          <p role="alert" className="banner">
            {error}
          </p>
        )}
        <div className="buttons">
          <button type="button" className="secondary" disabled={saving} onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" disabled={saving || submitDisabled}>
            {saving ? 'Saving...' : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** Runs a dialog's save: one at a time, the rejection's message shown in the dialog (it stays open). */
export function useSaving() {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(save: () => Promise<void>) {
    setSaving(true);
    setError(null);
    try {
      await save();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSaving(false);
    }
  }
  return { saving, error, setError, run };
}

/** A ref that focuses its input when the dialog opens. */
export function useAutoFocus() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}
