import type { ReactNode } from 'react';

/**
 * The phone layout (under BREAKPOINT_SM, Tailwind's `sm`) or the wider one. While `phone` is not
 * known (server HTML, hydration: lib/use-media-query.ts) both are in the page and CSS shows the one
 * that fits, so a server-rendered page does not shift when it hydrates; once known, only that one.
 */
export function PhoneOrWide({
  phone,
  narrow,
  wide,
}: {
  phone: boolean | undefined;
  narrow: ReactNode;
  wide: ReactNode;
}) {
  return (
    <>
      {phone !== false && <div className="sm:hidden">{narrow}</div>}
      {phone !== true && <div className="hidden sm:block">{wide}</div>}
    </>
  );
}
