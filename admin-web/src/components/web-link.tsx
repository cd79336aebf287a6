import type { ReactNode } from 'react';
import { isImageAddress, isWebAddress } from '@celebstyle/contracts';

/**
 * A link that opens in a new tab, made only when its address passes the contracts' address rule
 * (http(s), or for `image` also a path on this site). Anything else, such as a javascript: or data:
 * address stored before that rule held, is not shown (an image is not loaded either): a note says so.
 */
export function WebLink({
  href,
  image = false,
  label,
  children,
}: {
  href: string | null | undefined;
  /** Images may also be paths on this site (/api/images/...). */
  image?: boolean;
  label?: string;
  children: ReactNode;
}) {
  const allowed = !!href && (image ? isImageAddress(href) : isWebAddress(href));
  if (!allowed) {
    return <span className="muted">Not an http(s) address</span>;
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
      {children}
    </a>
  );
}
