import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Mounts children once the placeholder nears the viewport. Used for below-the-fold pieces with
 * their own code (the footer newsletter form) so they never weigh on the first paint.
 */
export function RenderWhenVisible({
  children,
  minHeight,
  rootMargin = '400px',
}: {
  children: ReactNode;
  minHeight: string;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // hidden at first everywhere, the server included (which has no IntersectionObserver): the
  // browser's first render must match the server's markup
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (visible || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      queueMicrotask(() => setVisible(true));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible, rootMargin]);
  return (
    <div ref={ref} style={{ minHeight }}>
      {visible ? children : null}
    </div>
  );
}
