import {
  DOUBLE_TAP_MAX_MS,
  DOUBLE_TAP_MIN_MS,
  DOUBLE_TAP_ZOOM,
  PAN_BOUND_FRACTION,
  PINCH_SETTLE_HIGH,
  PINCH_SETTLE_LOW,
  SWIPE_COMMIT_PX,
  SWIPE_COMMIT_VELOCITY,
  SWIPE_MAX_ZOOM,
  WHEEL_ZOOM_STEP,
  ZOOM_BUTTON_STEP,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../../../config/constants.ts';

/** Pure rules of the full-screen viewer (storefront.md §4 "Viewer gestures", §9 Zoom). */

const round = (n: number) => Math.round(n * 1000) / 1000;

export function clampZoom(zoom: number): number {
  return round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom)));
}

export const zoomIn = (zoom: number) => clampZoom(zoom + ZOOM_BUTTON_STEP);
export const zoomOut = (zoom: number) => clampZoom(zoom - ZOOM_BUTTON_STEP);

/** Wheel zoom: 0.003 per delta unit; scrolling up (negative deltaY) zooms in. */
export const wheelZoom = (zoom: number, deltaY: number) => clampZoom(zoom - deltaY * WHEEL_ZOOM_STEP);

/** Two taps 40 to 300 ms apart make a double-tap. */
export function isDoubleTap(previousTapAt: number | null, now: number): boolean {
  if (previousTapAt === null) return false;
  const gap = now - previousTapAt;
  return gap >= DOUBLE_TAP_MIN_MS && gap <= DOUBLE_TAP_MAX_MS;
}

/** Double-tap toggles between 1 and 2.2. */
export const doubleTapZoom = (zoom: number) => (zoom > ZOOM_MIN ? ZOOM_MIN : DOUBLE_TAP_ZOOM);

/** Pinch settles to 1 below 1.15 and to 3 above 2.85. */
export function settlePinch(zoom: number): number {
  if (zoom < PINCH_SETTLE_LOW) return ZOOM_MIN;
  if (zoom > PINCH_SETTLE_HIGH) return ZOOM_MAX;
  return clampZoom(zoom);
}

/** Swiping between images only works when zoom is 1.05 or less. */
export const canSwipe = (zoom: number) => zoom <= SWIPE_MAX_ZOOM;

/** A swipe commits at 30 px or at a velocity of 0.3 px/ms; answers -1 (previous), 1 (next) or 0. */
export function swipeDirection(dx: number, durationMs: number): -1 | 0 | 1 {
  const velocity = Math.abs(dx) / Math.max(durationMs, 1);
  if (Math.abs(dx) < SWIPE_COMMIT_PX && velocity < SWIPE_COMMIT_VELOCITY) return 0;
  if (dx === 0) return 0;
  return dx < 0 ? 1 : -1;
}

/** Pan is bounded to 0.6 of the extra size the zoom adds on each axis. */
export function clampPan(offset: number, zoom: number, size: number): number {
  const bound = PAN_BOUND_FRACTION * Math.max(0, zoom - 1) * size;
  return Math.min(bound, Math.max(-bound, offset));
}
