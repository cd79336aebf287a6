import { describe, expect, it } from 'vitest';
import {
  canSwipe,
  clampPan,
  doubleTapZoom,
  isDoubleTap,
  settlePinch,
  swipeDirection,
  wheelZoom,
  zoomIn,
  zoomOut,
} from '../src/features/product/components/viewer-gestures.ts';

describe('full-screen viewer gestures (storefront.md §4, §9)', () => {
  it('zooms between 1 and 3 in button steps of 0.4', () => {
    expect(zoomIn(1)).toBe(1.4);
    expect(zoomIn(2.8)).toBe(3);
    expect(zoomOut(1.2)).toBe(1);
  });

  it('wheel zoom moves 0.003 per delta unit, within the limits', () => {
    expect(wheelZoom(1, -100)).toBe(1.3);
    expect(wheelZoom(1, 100)).toBe(1);
    expect(wheelZoom(2.9, -1000)).toBe(3);
  });

  it('counts two taps 40 to 300 ms apart as a double-tap that toggles 1 and 2.2', () => {
    expect(isDoubleTap(1000, 1039)).toBe(false);
    expect(isDoubleTap(1000, 1040)).toBe(true);
    expect(isDoubleTap(1000, 1300)).toBe(true);
    expect(isDoubleTap(1000, 1301)).toBe(false);
    expect(isDoubleTap(null, 1000)).toBe(false);
    expect(doubleTapZoom(1)).toBe(2.2);
    expect(doubleTapZoom(2.2)).toBe(1);
  });

  it('swipes only at zoom 1.05 or less, committing at 30 px or 0.3 px/ms', () => {
    expect(canSwipe(1.05)).toBe(true);
    expect(canSwipe(1.06)).toBe(false);
    expect(swipeDirection(-30, 1000)).toBe(1);
    expect(swipeDirection(30, 1000)).toBe(-1);
    expect(swipeDirection(-29, 1000)).toBe(0);
    expect(swipeDirection(-20, 50)).toBe(1); // 0.4 px/ms
  });

  it('settles a pinch to 1 below 1.15 and to 3 above 2.85', () => {
    expect(settlePinch(1.14)).toBe(1);
    expect(settlePinch(1.5)).toBe(1.5);
    expect(settlePinch(2.86)).toBe(3);
  });

  it('bounds the pan to 0.6 of the extra size', () => {
    expect(clampPan(500, 2, 400)).toBe(240);
    expect(clampPan(-500, 2, 400)).toBe(-240);
    expect(clampPan(100, 1, 400)).toBe(0);
  });
});
