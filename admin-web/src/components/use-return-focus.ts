import { useLayoutEffect, useRef } from 'react';

/**
 * Radix gives focus back on close only to its own Trigger; the console opens dialogs from table
 * rows and menus instead, so this remembers what had focus when the dialog opened and returns there.
 * It reads the focus in a layout effect, before any field inside the dialog focuses itself. A dialog
 * opened from a menu item goes back to the menu's button (the item is gone once the menu closes).
 * Spread the result on a Radix Dialog or AlertDialog Content.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = openerOf(document.activeElement);
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

function openerOf(focused: Element | null): HTMLElement | null {
  if (!(focused instanceof HTMLElement)) return null;
  const menu = focused.closest('[role="menu"]');
  const trigger = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '');
  return trigger ?? focused;
}
