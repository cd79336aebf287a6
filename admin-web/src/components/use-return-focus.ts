import { useLayoutEffect, useRef } from 'react';

/**
 * Radix gives focus back on close only to its own Trigger; the console opens dialogs from table
 * rows and menus instead, so this remembers what had focus when the dialog opened and returns there.
 * It reads the focus in a layout effect, before any field inside the dialog focuses itself.
 * Spread the result on a Radix Dialog or AlertDialog Content.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return {
    onCloseAutoFocus: (event: Event) => {
      if (opener.current?.isConnected) {
        event.preventDefault();
        opener.current.focus();
      }
    },
  };
}
