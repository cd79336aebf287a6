import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

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
 * The modal frame every admin form dialog shares: a labelled title, the fields, the error (shown
 * inside the dialog, which stays open), Cancel and submit ('Saving...' while it runs); Escape cancels.
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
  const titleId = useId();
  return (
    <div className="backdrop" onKeyDown={(e) => e.key === 'Escape' && !saving && onCancel()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={className ? `dialog ${className}` : 'dialog'}
      >
        <form onSubmit={onSubmit} noValidate>
          <h2 id={titleId}>{title}</h2>
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
      </div>
    </div>
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
