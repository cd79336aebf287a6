import type { ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
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
  children: ReactNode;
}

/**
 * The one modal dialog of the console: keeps focus inside while open, gives it back to the control
 * that opened it on close, and closes on Escape and on a click on the backdrop.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  dismissible = true,
  children,
}: DialogProps) {
  const returnFocus = useReturnFocus(open);
  const guard = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
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
          >
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="muted">{description}</RadixDialog.Description>
            )}
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
