import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PhoneOrWide } from './phone-or-wide.tsx';
import { ScrollStrip } from './scroll-strip.tsx';
import { FEATURED_CAROUSEL_ITEMS, FEATURED_SCROLL_STEP_PX, MOBILE_FEATURED } from '../../config/constants.ts';

/**
 * The featured strip of the celebrity and show directories (storefront.md §2): on wider screens a
 * carousel of the first FEATURED_CAROUSEL_ITEMS; on phones (`phone`) the first MOBILE_FEATURED as a
 * 2 × 2 grid and a View More button. View More goes to the directory's own path, at its search list
 * (`listId`), and scrolls there, since that list is where the rest of them are.
 */
export function FeaturedDirectorySection<T>({
  title,
  items,
  phone,
  morePath,
  listId,
  renderCard,
}: {
  title: string;
  items: readonly T[];
  /** Undefined until the viewport is known: CSS picks the layout then (PhoneOrWide). */
  phone: boolean | undefined;
  morePath: string;
  listId: string;
  renderCard: (item: T) => ReactNode;
}) {
  const narrow = (
    <div role="region" aria-label={title}>
      <div className="grid grid-cols-2 gap-4">{items.slice(0, MOBILE_FEATURED).map(renderCard)}</div>
      {items.length > MOBILE_FEATURED && (
        <div className="mt-6 text-center">
          <Link
            to={`${morePath}#${listId}`}
            onClick={() => document.getElementById(listId)?.scrollIntoView({ behavior: 'smooth' })}
            className="inline-block rounded-full bg-ink px-6 py-2.5 text-sm font-semibold text-white"
          >
            View More
          </Link>
        </div>
      )}
    </div>
  );
  const wide = (
    <ScrollStrip label={title} step={FEATURED_SCROLL_STEP_PX} itemClass="w-40 lg:w-52">
      {items.slice(0, FEATURED_CAROUSEL_ITEMS).map(renderCard)}
    </ScrollStrip>
  );
  return (
    <div>
      <h2 className="mb-4 font-display text-2xl">{title}</h2>
      <PhoneOrWide phone={phone} narrow={narrow} wide={wide} />
    </div>
  );
}
