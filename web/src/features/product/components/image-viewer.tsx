import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Dialog } from 'radix-ui';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import {
  ZOOM_ANIMATION_BUTTONS_MS,
  ZOOM_ANIMATION_MODAL_MS,
  ZOOM_ANIMATION_WHEEL_MS,
  ZOOM_MAX,
  ZOOM_MIN,
  ZOOM_MODAL_CLOSE_DELAY_MS,
  ZOOM_SNAP_BACK_MS,
} from '../../../config/constants.ts';
import {
  canSwipe,
  clampPan,
  clampZoom,
  doubleTapZoom,
  isDoubleTap,
  settlePinch,
  swipeDirection,
  wheelZoom,
  zoomIn,
  zoomOut,
} from './viewer-gestures.ts';

export const VIEWER_HINT = 'Click & drag to pan • Scroll to zoom / ← → to navigate • ESC to close';

type ImageViewerProps = {
  images: string[];
  index: number;
  alt: string;
  open: boolean;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

type View = { zoom: number; x: number; y: number; ms: number };
const RESET: View = { zoom: 1, x: 0, y: 0, ms: ZOOM_ANIMATION_MODAL_MS };

/**
 * Full-screen viewer (storefront.md §2, §4). A focused custom viewer rather than a lightbox
 * library: the spec's limits (swipe only at zoom ≤ 1.05, pinch settling at 1.15 / 2.85, double-tap
 * 1 ↔ 2.2, pan bounded to 0.6 of the extra size) are not settings any lightbox offers.
 * Radix Dialog gives the focus trap, Escape and the body scroll lock.
 */
export function ImageViewer({ images, index, alt, open, onIndexChange, onClose }: ImageViewerProps) {
  const [view, setView] = useState<View>(RESET);
  const [closing, setClosing] = useState(false);
  const stageRef = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{
    startX: number;
    startY: number;
    startAt: number;
    origin: View;
    pinchDistance: number | null;
    moved: boolean;
  } | null>(null);
  const lastTapAt = useRef<number | null>(null);
  const count = images.length;

  // Zoom resets on image change (§4); adjusting state during render, as React recommends.
  const [shownIndex, setShownIndex] = useState(index);
  if (shownIndex !== index) {
    setShownIndex(index);
    setView(RESET);
  }

  const go = (delta: number) => {
    if (count > 1) onIndexChange((index + delta + count) % count);
  };

  function requestClose() {
    // §4: opens and closes with a 400 ms close delay (the fade-out plays first)
    setClosing(true);
    setTimeout(() => {
      setClosing(false);
      setView(RESET);
      onClose();
    }, ZOOM_MODAL_CLOSE_DELAY_MS);
  }

  function size() {
    const rect = stageRef.current?.getBoundingClientRect();
    return { w: rect?.width ?? window.innerWidth, h: rect?.height ?? window.innerHeight };
  }

  function setZoom(zoom: number, ms: number) {
    setView((v) => {
      const { w, h } = size();
      const z = clampZoom(zoom);
      return { zoom: z, x: clampPan(v.x, z, w), y: clampPan(v.y, z, h), ms };
    });
  }

  function onPointerDown(e: ReactPointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture(e.pointerId);
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    gesture.current = {
      startX: e.clientX,
      startY: e.clientY,
      startAt: performance.now(),
      origin: view,
      pinchDistance: pts.length === 2 ? Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y) : null,
      moved: false,
    };
  }

  function onPointerMove(e: ReactPointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    if (!g || !pointers.current.has(e.pointerId)) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const pts = [...pointers.current.values()];
    const { w, h } = size();
    if (pts.length === 2 && g.pinchDistance) {
      const distance = Math.hypot(pts[0]!.x - pts[1]!.x, pts[0]!.y - pts[1]!.y);
      // while pinching the zoom follows the fingers (bounded), then settles on release
      const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, g.origin.zoom * (distance / g.pinchDistance)));
      g.moved = true;
      setView({ zoom, x: clampPan(g.origin.x, zoom, w), y: clampPan(g.origin.y, zoom, h), ms: 0 });
      return;
    }
    const dx = e.clientX - g.startX;
    const dy = e.clientY - g.startY;
    if (Math.abs(dx) > 4 || Math.abs(dy) > 4) g.moved = true;
    if (canSwipe(g.origin.zoom)) {
      // at rest zoom the image follows the finger sideways as a swipe preview
      setView({ ...g.origin, x: dx, ms: 0 });
    } else {
      setView({
        zoom: g.origin.zoom,
        x: clampPan(g.origin.x + dx, g.origin.zoom, w),
        y: clampPan(g.origin.y + dy, g.origin.zoom, h),
        ms: 0,
      });
    }
  }

  function onPointerUp(e: ReactPointerEvent<HTMLDivElement>) {
    const g = gesture.current;
    const wasPinch = pointers.current.size === 2;
    pointers.current.delete(e.pointerId);
    if (!g) return;
    const now = performance.now();
    if (wasPinch) {
      setZoom(settlePinch(view.zoom), ZOOM_SNAP_BACK_MS);
      gesture.current = null;
      return;
    }
    if (!g.moved) {
      if (isDoubleTap(lastTapAt.current, now)) {
        lastTapAt.current = null;
        const zoom = doubleTapZoom(view.zoom);
        setView({ zoom, x: 0, y: 0, ms: ZOOM_ANIMATION_BUTTONS_MS });
      } else lastTapAt.current = now;
    } else if (canSwipe(g.origin.zoom)) {
      const direction = swipeDirection(e.clientX - g.startX, now - g.startAt);
      if (direction !== 0) go(direction);
      else setView({ ...RESET, ms: ZOOM_SNAP_BACK_MS });
    }
    gesture.current = null;
  }

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className={`fixed inset-0 z-[70] bg-black/95 transition-opacity duration-[400ms] ${closing ? 'opacity-0' : 'opacity-100'}`}
        />
        <Dialog.Content
          aria-describedby="viewer-hint"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            else if (e.key === 'ArrowLeft') go(-1);
          }}
          className={`fixed inset-0 z-[71] flex flex-col text-white transition-opacity duration-[400ms] outline-none ${closing ? 'opacity-0' : 'opacity-100'}`}
        >
          <Dialog.Title className="sr-only">{alt}</Dialog.Title>
          <div className="flex items-center justify-between gap-2 p-3">
            <span className="rounded-full bg-white/10 px-3 py-1 text-sm tabular-nums" aria-live="polite">
              {index + 1} / {count}
            </span>
            <div className="flex gap-2">
              <ViewerButton
                label="Zoom out"
                disabled={view.zoom <= ZOOM_MIN}
                onClick={() => setZoom(zoomOut(view.zoom), ZOOM_ANIMATION_BUTTONS_MS)}
              >
                −
              </ViewerButton>
              <ViewerButton
                label="Zoom in"
                disabled={view.zoom >= ZOOM_MAX}
                onClick={() => setZoom(zoomIn(view.zoom), ZOOM_ANIMATION_BUTTONS_MS)}
              >
                +
              </ViewerButton>
              <Dialog.Close aria-label="Close viewer" className={buttonClass}>
                ×
              </Dialog.Close>
            </div>
          </div>
          <div
            ref={stageRef}
            data-testid="viewer-stage"
            data-zoom={view.zoom.toFixed(2)}
            className="relative flex-1 touch-none overflow-hidden select-none"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            onWheel={(e) => setZoom(wheelZoom(view.zoom, e.deltaY), ZOOM_ANIMATION_WHEEL_MS)}
          >
            <div
              className="absolute inset-0 flex items-center justify-center will-change-transform"
              style={{
                transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.zoom})`,
                transition: view.ms ? `transform ${view.ms}ms ease-out` : 'none',
                cursor: view.zoom > 1 ? 'grab' : 'zoom-in',
              }}
            >
              <SafeImage
                src={images[index]}
                alt={alt}
                draggable={false}
                className="h-full w-full bg-transparent! [&>img]:object-contain"
              />
            </div>
            {count > 1 && (
              <>
                <ViewerButton
                  label="Previous image"
                  onClick={() => go(-1)}
                  className="absolute top-1/2 left-3 -translate-y-1/2"
                >
                  ‹
                </ViewerButton>
                <ViewerButton
                  label="Next image"
                  onClick={() => go(1)}
                  className="absolute top-1/2 right-3 -translate-y-1/2"
                >
                  ›
                </ViewerButton>
              </>
            )}
          </div>
          <p id="viewer-hint" className="p-3 text-center text-xs text-white/70">
            {VIEWER_HINT}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const buttonClass =
  'flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-2xl leading-none hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white';

function ViewerButton({
  label,
  onClick,
  disabled = false,
  className = '',
  children,
}: {
  label: string;
  onClick: () => void;
  /** At a limit (zoom in at the largest zoom, zoom out at the smallest). */
  disabled?: boolean;
  className?: string;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onPointerDown={(e) => e.stopPropagation()}
      onClick={onClick}
      className={`${buttonClass} disabled:cursor-not-allowed disabled:opacity-40 ${className}`}
    >
      {children}
    </button>
  );
}
