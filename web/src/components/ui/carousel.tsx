import { useCallback, useEffect, useState, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';

type CarouselProps = {
  label: string;
  children: ReactNode[];
  /** Tailwind basis classes per breakpoint, e.g. 'basis-full sm:basis-1/2 md:basis-1/3 lg:basis-1/4'. */
  slideClass: string;
  showDots?: boolean;
};

/**
 * Swipe, arrows and dots on top of Embla (docs/conventions.md: a proven carousel library). Slides size by
 * CSS breakpoints, so the layout is final before any script runs.
 */
export function Carousel({ label, children, slideClass, showDots = true }: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({
    align: 'start',
    containScroll: 'trimSnaps',
    slidesToScroll: 'auto',
  });
  const [snaps, setSnaps] = useState<number[]>([]);
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const sync = useCallback(() => {
    if (!api) return;
    setSnaps(api.scrollSnapList());
    setSelected(api.selectedScrollSnap());
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    api.on('select', sync).on('reInit', sync);
    // first sync after Embla has measured; a microtask keeps it out of the effect body
    queueMicrotask(sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  const arrow =
    'absolute top-1/3 z-10 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-xl shadow-md ring-1 ring-neutral-200 transition hover:bg-white disabled:opacity-0 sm:flex';
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <div ref={viewportRef} className="overflow-hidden">
        <div className="-ml-3 flex touch-pan-y sm:-ml-4">
          {children.map((child, i) => (
            <div
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${children.length}`}
              className={`min-w-0 shrink-0 grow-0 pl-3 sm:pl-4 ${slideClass}`}
            >
              {child}
            </div>
          ))}
        </div>
      </div>
      <button
        type="button"
        aria-label="Previous slides"
        className={`${arrow} -left-3`}
        disabled={!canPrev}
        onClick={() => api?.scrollPrev()}
      >
        ‹
      </button>
      <button
        type="button"
        aria-label="Next slides"
        className={`${arrow} -right-3`}
        disabled={!canNext}
        onClick={() => api?.scrollNext()}
      >
        ›
      </button>
      {showDots && snaps.length > 1 && (
        <div className="mt-4 flex justify-center gap-1.5">
          {snaps.map((_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Go to slide group ${i + 1}`}
              aria-current={i === selected}
              onClick={() => api?.scrollTo(i)}
              className={`h-2 rounded-full transition-all ${i === selected ? 'w-6 bg-ink' : 'w-2 bg-neutral-300'}`}
            />
          ))}
        </div>
      )}
    </div>
  );
}
