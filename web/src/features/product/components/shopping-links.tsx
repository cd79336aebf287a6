import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { ShoppingLink } from '../api/use-shopping-links.ts';

const fmt = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Until the links are rewritten: Shop Now and one row per further link, at their final size. */
function ShoppingLinksSkeleton({ count }: { count: number }) {
  return (
    <div className="space-y-5" aria-hidden>
      <Skeleton className="h-12 w-full rounded-full" />
      {count > 1 && (
        <div>
          <p className="text-xs font-semibold tracking-[0.2em] text-neutral-500 uppercase">
            More Shopping Options
          </p>
          <ul className="mt-2 divide-y divide-neutral-200 rounded-xl ring-1 ring-neutral-200">
            {Array.from({ length: count - 1 }, (_, i) => (
              <li key={i} className="px-4 py-3 text-sm">
                <Skeleton className="h-5 w-2/3" />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** storefront.md §2: Shop Now for the first affiliate link, 'More Shopping Options' for the rest. */
export function ShoppingLinks({
  ready,
  links,
  expected,
}: {
  ready: boolean;
  links: ShoppingLink[];
  /** How many links the post has (the skeleton reserves their rows). */
  expected: number;
}) {
  if (!ready) return <ShoppingLinksSkeleton count={expected} />;
  const [first, ...rest] = links;
  if (!first)
    return <p className="text-sm text-neutral-500">No shopping links are available for this item yet.</p>;
  return (
    <div className="space-y-5">
      <a
        href={first.href}
        target="_blank"
        rel="sponsored noopener noreferrer"
        data-testid="shop-now"
        className="flex h-12 w-full items-center justify-center gap-2 rounded-full bg-ink text-sm font-semibold tracking-[0.15em] text-white uppercase transition hover:bg-neutral-800"
      >
        Shop Now
        {first.price !== null && <span className="font-normal normal-case">· {fmt.format(first.price)}</span>}
      </a>
      {rest.length > 0 && (
        <section aria-labelledby="more-options">
          <h2 id="more-options" className="text-xs font-semibold tracking-[0.2em] text-neutral-500 uppercase">
            More Shopping Options
          </h2>
          <ul className="mt-2 divide-y divide-neutral-200 rounded-xl ring-1 ring-neutral-200">
            {rest.map((link) => (
              <li key={link._id}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="sponsored noopener noreferrer"
                  className="flex items-center justify-between gap-3 px-4 py-3 text-sm hover:bg-neutral-50"
                >
                  <span className="min-w-0 truncate">{link.text || new URL(link.url).hostname}</span>
                  <span aria-hidden className="shrink-0 text-neutral-400">
                    ↗
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
