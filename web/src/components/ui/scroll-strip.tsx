import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A horizontal strip that scrolls natively (swipe, trackpad, keyboard focus) with arrows that move
 * it a fixed step: the featured carousels of the directories scroll 300 px per arrow
 * (storefront.md §2, §9), which a snap-based carousel cannot do.
 */
export function ScrollStrip({
  label,
  step,
  itemClass,
  children,
}: {
  label: string;
  step: number;
  /** Width classes of one item, e.g. 'w-40 sm:w-44'. */
  itemClass: string;
  children: ReactNode[];
}) {
  const strip = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const measure = useCallback(() => {
    const el = strip.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 0, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);
  useEffect(() => {
    const el = strip.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  const arrow =
    'absolute top-1/3 z-10 flex h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white text-xl text-ink shadow-md ring-1 ring-neutral-300 transition hover:bg-neutral-50 disabled:invisible';
  return (
    <div className="relative" role="region" aria-label={label}>
      <div
        ref={strip}
        onScroll={measure}
        data-testid="scroll-strip"
        className="flex gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none]"
      >
        {children.map((child, i) => (
          <div key={i} className={`shrink-0 ${itemClass}`}>
            {child}
          </div>
        ))}
      </div>
      <button
        type="button"
        aria-label="Scroll left"
        className={`${arrow} -left-3`}
        disabled={edges.start}
        onClick={() => strip.current?.scrollBy({ left: -step })}
      >
        ‹
      </button>
      <button
        type="button"
        aria-label="Scroll right"
        className={`${arrow} -right-3`}
        disabled={edges.end}
        onClick={() => strip.current?.scrollBy({ left: step })}
      >
        ›
      </button>
    </div>
  );
}
