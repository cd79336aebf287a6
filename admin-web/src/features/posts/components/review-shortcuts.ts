import { useEffect, useRef } from 'react';

/** The review queue's keys (shown by '?', in this order). */
export const REVIEW_SHORTCUTS = [
  { key: 'J', does: 'Next post' },
  { key: 'K', does: 'Previous post' },
  { key: 'A', does: 'Approve, then go on to the next post' },
  { key: 'R', does: 'Reject (asks for a reason)' },
  { key: 'H', does: 'Hide (unhide a hidden post)' },
  { key: 'E', does: 'Edit' },
  { key: 'X', does: 'Select or unselect' },
  { key: '?', does: 'Show these shortcuts' },
] as const;

export type ReviewCommand = 'next' | 'previous' | 'approve' | 'reject' | 'hide' | 'edit' | 'select' | 'help';

const COMMANDS: Record<string, ReviewCommand> = {
  j: 'next',
  k: 'previous',
  a: 'approve',
  r: 'reject',
  h: 'hide',
  e: 'edit',
  x: 'select',
  '?': 'help',
};

/** Typing somewhere, or a dialog or menu open: the keys are the user's, not shortcuts. */
function keysBelongElsewhere(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]') !== null;
}

/**
 * Post Management's keyboard shortcuts (REVIEW_SHORTCUTS). They never fire while the admin types in
 * a field, while a dialog or menu is open, or with Ctrl, Alt or Meta held (the browser's own keys).
 */
export function useReviewShortcuts(onCommand: (command: ReviewCommand) => void): void {
  const handler = useRef(onCommand);
  useEffect(() => {
    handler.current = onCommand;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.repeat) return;
      const command = COMMANDS[event.key.length === 1 ? event.key.toLowerCase() : ''];
      if (!command || keysBelongElsewhere(event)) return;
      event.preventDefault();
      handler.current(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
