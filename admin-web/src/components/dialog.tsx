import { useState, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { useReturnFocus } from './use-return-focus.ts';

export interface DialogProps {
  open: boolean;
  /** Called with false when the user dismisses the dialog (Escape, a click on the backdrop). */
  onOpenChange(open: boolean): void;
  title: string;
  /** A sentence read out with the title; leave it out when the content explains itself. */
  description?: string;
  /** Extra class of the dialog box (a screen's own field styles). */
  className?: string;
  /** False while something runs that must not be abandoned (a save): Escape and backdrop do nothing. */
  dismissible?: boolean;
  /**
   * Whether the dialog holds changes not saved yet. Left out, any edit of a field inside it counts.
   * Escape or a click on the backdrop then asks before closing; Cancel is a choice and does not ask.
   */
  dirty?: boolean;
  children: ReactNode;
}

/**
 * The one modal dialog of the console: keeps focus inside while open, gives it back to the control
 * that opened it on close, and closes on Escape and on a click on the backdrop (after asking, when
 * it holds unsaved changes).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  dismissible = true,
  dirty,
  children,
}: DialogProps) {
  const returnFocus = useReturnFocus(open);
  const [edited, setEdited] = useState(false);
  const [asking, setAsking] = useState(false);
  const unsaved = dirty ?? edited;
  const guard = (event: Event) => {
    if (!dismissible) event.preventDefault();
    else if (unsaved) {
      event.preventDefault();
      setAsking(true);
    }
  };
  const changeOpen = (next: boolean) => {
    if (!next) setEdited(false);
    onOpenChange(next);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen}>
      <RadixDialog.Portal>
        {/* the box sits inside the overlay so that a tall dialog scrolls with it */}
        <RadixDialog.Overlay className="backdrop">
          <RadixDialog.Content
            className={className ? `dialog ${className}` : 'dialog'}
            aria-modal="true"
            {...returnFocus}
            onEscapeKeyDown={guard}
            onPointerDownOutside={guard}
            onInteractOutside={guard}
            {...(description ? {} : { 'aria-describedby': undefined })}
            onInputCapture={() => setEdited(true)}
            onChangeCapture={() => setEdited(true)}
          >
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="muted">{description}</RadixDialog.Description>
            )}
            {children}
            <ConfirmDialog
              open={asking}
              title="Discard changes?"
              message="This dialog has changes that are not saved. Close it and lose them?"
              confirmLabel="Discard changes"
              danger
              onConfirm={() => {
                setAsking(false);
                changeOpen(false);
              }}
              onCancel={() => setAsking(false)}
            />
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
