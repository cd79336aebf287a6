import { Breadcrumb } from '../../../components/ui/breadcrumb.tsx';
import { Link, useNavigate } from 'react-router';
import type { PublicPost } from '@celebstyle/contracts';
import { postImage } from '../../../lib/catalog/posts.ts';
import { paths } from '../../../config/paths.ts';
import { GALLERY_ADDITIONAL_IMAGES } from '../../../config/constants.ts';
import { useShoppingLinks } from '../api/use-shopping-links.ts';
import { ProductGallery } from './product-gallery.tsx';
import { ShoppingLinks } from './shopping-links.tsx';
import { ShopperAlert } from './shopper-alert.tsx';
import { ProductSeo } from './product-seo.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** §3: main image (enhanced preferred) plus the first 3 additional images. */
export function galleryImages(post: PublicPost): string[] {
  const main = postImage(post);
  const extra = post.additionalImages.filter(Boolean).slice(0, GALLERY_ADDITIONAL_IMAGES);
  return [...(main ? [main] : []), ...extra.filter((i) => i !== main)];
}

export function BackAndBreadcrumb({ post }: { post?: PublicPost }) {
  const navigate = useNavigate();
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <button
        type="button"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.fashion()))}
        className="inline-flex h-9 items-center gap-1 rounded-full px-3 ring-1 ring-neutral-300 hover:bg-neutral-50"
      >
        <span aria-hidden>←</span> Back
      </button>
      <Breadcrumb
        className="flex-1"
        items={[
          { label: 'Home', to: '/' },
          { label: 'Fashion', to: paths.fashion() },
          ...(post
            ? [
                {
                  label: post.productType || 'Fashion',
                  to: paths.fashion({ product: post.productType || 'Fashion' }),
                },
                { label: post.title },
              ]
            : []),
        ]}
      />
    </div>
  );
}

function Tile({ label, value, to }: { label: string; value: string; to?: string }) {
  const body = (
    <>
      <span className="block text-[10px] font-semibold tracking-[0.2em] text-neutral-500 uppercase">
        {label}
      </span>
      <span className="mt-1 block truncate text-sm font-medium">{value || '—'}</span>
    </>
  );
  return to && value ? (
    <Link
      to={to}
      className="block rounded-xl bg-neutral-50 p-3 ring-1 ring-neutral-200 hover:ring-neutral-400"
    >
      {body}
    </Link>
  ) : (
    <div className="rounded-xl bg-neutral-50 p-3 ring-1 ring-neutral-200">{body}</div>
  );
}

export function ProductDetails({ post }: { post: PublicPost }) {
  const images = galleryImages(post);
  const shopping = useShoppingLinks(post.affiliateLinks);
  return (
    <>
      <ProductSeo post={post} links={shopping.links} images={images} />
      <div className="mt-5 grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery key={post._id} images={images} alt={post.title} />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.2em] text-gold-ink uppercase">
            {post.productType || 'Fashion'}
          </p>
          <h1 className="mt-2 font-display text-3xl leading-tight md:text-4xl">{post.title}</h1>
          {post.brand && <p className="mt-2 text-neutral-600">{post.brand}</p>}
          <div className="mt-6">
            <ShoppingLinks ready={shopping.ready} links={shopping.links} post={post} />
            <ShopperAlert post={post} />
          </div>
          <div className="mt-6 grid grid-cols-3 gap-2">
            <Tile
              label="Celebrity"
              value={post.celebrity}
              to={paths.fashion({ celebrity: post.celebrity })}
            />
            <Tile label="Featured in" value={post.show} to={paths.fashion({ show: post.show })} />
            <Tile label="Brand" value={post.brand} to={paths.fashion({ brand: post.brand })} />
          </div>
          <section className="mt-8" aria-labelledby="description">
            <h2 id="description" className="font-display text-xl">
              Description
            </h2>
            <p className="mt-2 leading-7 whitespace-pre-line text-neutral-700">
              {post.description || 'No description available.'}
            </p>
          </section>
        </div>
      </div>
    </>
  );
}

export function ProductDetailsSkeleton() {
  return (
    <div className="mt-5 grid gap-8 md:grid-cols-2 lg:gap-12" aria-busy="true" aria-label="Loading product">
      <Skeleton className="aspect-[4/5] w-full rounded-2xl md:ml-[5.75rem] md:w-[calc(100%-5.75rem)]" />
      <div className="space-y-4">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-9 w-5/6" />
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="mt-6 h-12 w-full rounded-full" />
        <div className="grid grid-cols-3 gap-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      </div>
    </div>
  );
}
