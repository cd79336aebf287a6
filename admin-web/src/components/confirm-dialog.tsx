import { AlertDialog } from 'radix-ui';
import { useReturnFocus } from './use-return-focus.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this post? This action cannot be undone.' */
  message: string;
  confirmLabel: string;
  /** Styles the confirm button as destructive (delete). */
  danger?: boolean;
  /** True while the confirmed action runs: both buttons are disabled and the dialog stays open. */
  busy?: boolean;
  /** The failure of the confirmed action, shown inside the dialog. */
  error?: string | null;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Asks before an action that cannot be undone. An alert dialog: focus starts on Cancel, Escape
 * cancels, a click outside does nothing (a stray click must not answer the question). The dialog
 * stays open while the action runs; the caller closes it (open=false) when the action succeeded.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="backdrop">
          <AlertDialog.Content className="dialog" {...returnFocus}>
            <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
            <AlertDialog.Description>{message}</AlertDialog.Description>
            {error && (
              <p role="alert" className="banner">
                {error}
              </p>
            )}
            <div className="buttons">
              <AlertDialog.Cancel className="secondary" disabled={busy}>
                Cancel
              </AlertDialog.Cancel>
              <AlertDialog.Action
                className={danger ? 'danger' : undefined}
                disabled={busy}
                onClick={(event) => {
                  // the caller closes the dialog once the action has succeeded
                  event.preventDefault();
                  onConfirm();
                }}
              >
                {busy ? 'Processing...' : confirmLabel}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Overlay>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
