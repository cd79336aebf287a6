import { useRef } from 'react';

/**
 * Radix gives focus back on close only to its own Trigger; the console opens dialogs from table
 * rows and menus instead, so this remembers what had focus when a dialog opened and returns there.
 * Spread the handlers on a Radix Dialog or AlertDialog Content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (opener.current?.isConnected) {
        event.preventDefault();
        opener.current.focus();
      }
      opener.current = null;
    },
  };
}
