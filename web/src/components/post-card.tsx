import { Link } from 'react-router';
import type { PublicPost } from '@celebstyle/contracts';
import { SafeImage } from './ui/safe-image.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import { paths } from '../config/paths.ts';
import { postImage } from '../lib/catalog/posts.ts';
import { formatPrice } from '../lib/offers/price-format.ts';

type CardPost = Pick<
  PublicPost,
  '_id' | 'title' | 'celebrity' | 'show' | 'brand' | 'productType' | 'mainImage' | 'enhancedImage' | 'offer'
>;

type PostCardProps = {
  post: CardPost;
  /** List layout (Fashion listing toggle) puts the text beside the image. */
  layout?: 'grid' | 'list';
  showViewDetails?: boolean;
  failedLabel?: string;
  /** The first cards of a page are the likely LCP element: load them eagerly. */
  priority?: boolean;
  /** Where the card leads; the product page unless given (fallback sample cards lead to the listing). */
  to?: string;
};

/** storefront.md §2 top-picks cards: badge hidden for 'Unknown Celebrity' / 'Shows', type defaults to Fashion. */
export function PostCard({
  post,
  layout = 'grid',
  showViewDetails,
  failedLabel,
  priority,
  to,
}: PostCardProps) {
  const celebrity = post.celebrity && post.celebrity !== 'Unknown Celebrity' ? post.celebrity : null;
  const show = post.show && post.show !== 'Shows' ? post.show : null;
  const list = layout === 'list';
  return (
    <Link
      to={to ?? paths.product(post._id)}
      className={`group block overflow-hidden rounded-xl bg-white ring-1 ring-neutral-200/70 transition hover:shadow-lg ${
        list ? 'flex gap-4' : ''
      }`}
    >
      <span className={`relative block ${list ? 'w-32 shrink-0 sm:w-40' : ''}`}>
        <SafeImage
          src={postImage(post)}
          alt={post.title}
          failedLabel={failedLabel}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="aspect-[4/5] w-full transition-transform duration-300 group-hover:scale-[1.02]"
        />
        {celebrity && (
          <span className="absolute top-2 left-2 max-w-[85%] truncate rounded-full bg-white/90 px-2.5 py-1 text-[11px] font-semibold shadow-sm">
            {celebrity}
          </span>
        )}
      </span>
      <span className={`block p-3 ${list ? 'flex-1 self-center' : ''}`}>
        {show && (
          <span className="mb-1 inline-block max-w-full truncate rounded bg-neutral-100 px-1.5 py-0.5 text-[10px] font-semibold tracking-wide text-neutral-600 uppercase">
            {show}
          </span>
        )}
        <span className="line-clamp-2 min-h-[2.5rem] text-sm leading-5 font-medium">{post.title}</span>
        <span className="mt-1 flex items-baseline gap-2 text-xs">
          <span className="min-w-0 flex-1 truncate text-neutral-500">
            {[post.brand, post.productType || 'Fashion'].filter(Boolean).join(' · ')}
          </span>
          <CardOffer offer={post.offer} />
        </span>
        {showViewDetails && (
          <span className="mt-2 inline-block text-xs font-semibold underline-offset-4 group-hover:underline">
            View Details
          </span>
        )}
      </span>
    </Link>
  );
}

/**
 * The card's price (its first buyable link's, README "Prices") or 'Sold out'; nothing while
 * unknown. On the brand line, so cards with and without a price are the same height.
 */
function CardOffer({ offer }: { offer: PublicPost['offer'] }) {
  if (!offer) return null;
  if (offer.kind === 'sold-out')
    return (
      <span className="shrink-0 font-semibold text-neutral-500" data-testid="card-sold-out">
        Sold out
      </span>
    );
  return (
    <span className="shrink-0 font-semibold text-ink" data-testid="card-price">
      {formatPrice(offer.amount, offer.currency)}
    </span>
  );
}

export function PostCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl ring-1 ring-neutral-200/70" data-testid="post-card-skeleton">
      <Skeleton className="aspect-[4/5] w-full rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
    </div>
  );
}
