import type { MouseEvent } from 'react';

/**
 * A shop link opens a new tab: the second click of a double-click (the browser counts it in
 * `detail`) would open a second one, so it is let go. Clicks apart are each honoured.
 */
export function openOnce(event: MouseEvent<HTMLAnchorElement>): void {
  if (event.detail > 1) event.preventDefault();
}
