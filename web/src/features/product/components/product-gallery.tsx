import { lazy, Suspense, useEffect, useState } from 'react';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { GALLERY_MAX_DOTS } from '../../../config/constants.ts';

const ImageViewer = lazy(() => import('./image-viewer.tsx').then((m) => ({ default: m.ImageViewer })));

function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/**
 * storefront.md §2 Product detail gallery: main image with up to 3 side thumbnails (the other
 * images), dots (max 10), keyboard left/right arrows, and the full-screen viewer on click.
 */
export function ProductGallery({ images, alt }: { images: string[]; alt: string }) {
  const [index, setIndex] = useState(0);
  const [viewerOpen, setViewerOpen] = useState(false);
  const count = images.length;

  useEffect(() => {
    if (viewerOpen || count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.defaultPrevented) return;
      if (e.key === 'ArrowRight') setIndex((i) => (i + 1) % count);
      else if (e.key === 'ArrowLeft') setIndex((i) => (i - 1 + count) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [viewerOpen, count]);

  const others = images.map((src, i) => ({ src, i })).filter(({ i }) => i !== index);
  return (
    <div className="flex flex-col-reverse gap-3 md:flex-row">
      {others.length > 0 && (
        <ul className="flex gap-2 md:w-20 md:flex-col" aria-label="More images">
          {others.map(({ src, i }) => (
            <li key={i} className="w-1/4 md:w-full">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${count}`}
                onClick={() => setIndex(i)}
                className="block w-full overflow-hidden rounded-lg ring-1 ring-neutral-200 hover:ring-neutral-900 focus-visible:ring-2 focus-visible:ring-neutral-900"
              >
                <SafeImage src={src} alt="" loading="lazy" className="aspect-[4/5] w-full" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* self-start: the grid row can be taller than the image (a long description beside it), and
          the dots belong on the image, not at the bottom of the row */}
      <div className="relative w-full flex-1 md:self-start">
        <button
          type="button"
          aria-label="Open full-screen viewer"
          onClick={() => setViewerOpen(true)}
          className="block w-full cursor-zoom-in overflow-hidden rounded-2xl"
        >
          <SafeImage
            src={images[index]}
            alt={alt}
            fetchPriority="high"
            loading="eager"
            data-testid="gallery-main-image"
            className="aspect-[4/5] w-full"
          />
        </button>
        {count > 1 && (
          <div
            className="absolute bottom-3 left-1/2 flex -translate-x-1/2 gap-1.5 rounded-full bg-black/55 px-2.5 py-1.5"
            role="tablist"
            aria-label="Images"
            data-testid="gallery-dots"
          >
            {images.slice(0, GALLERY_MAX_DOTS).map((_, i) => (
              <button
                key={i}
                type="button"
                role="tab"
                aria-selected={i === index}
                aria-label={`Image ${i + 1}`}
                onClick={() => setIndex(i)}
                className={`h-2 rounded-full transition-all ${i === index ? 'w-5 bg-white' : 'w-2 bg-white/70'}`}
              />
            ))}
          </div>
        )}
      </div>
      {viewerOpen && (
        <Suspense fallback={null}>
          <ImageViewer
            images={images}
            index={index}
            alt={alt}
            open={viewerOpen}
            onIndexChange={setIndex}
            onClose={() => setViewerOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
