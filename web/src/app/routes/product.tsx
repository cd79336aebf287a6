import { Link, useParams, type LoaderFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getPostQueryOptions, usePost } from '../../lib/catalog/posts.ts';
import { ApiError } from '../../lib/api-client.ts';
import { HttpStatus, Seo } from '../../components/seo.tsx';
import {
  BackAndBreadcrumb,
  ProductDetails,
  ProductDetailsSkeleton,
} from '../../features/product/components/product-details.tsx';
import { RelatedPosts } from '../../features/product/components/related-posts.tsx';
import { LatestPosts } from '../../features/product/components/latest-posts.tsx';

/** Starts the product fetch with the route chunk; the page renders its skeleton meanwhile. */
export const clientLoader =
  (queryClient: QueryClient): LoaderFunction =>
  ({ params }) => {
    if (params.id) void queryClient.prefetchQuery(getPostQueryOptions(params.id));
    return null;
  };

/** storefront.md §2 Product detail (/product/{id}). */
export default function ProductRoute() {
  const { id = '' } = useParams();
  const product = usePost(id);
  // a malformed id (400) is as missing as an unknown one (404)
  const notFound =
    product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 400);
  return (
    <div className="mx-auto max-w-7xl px-4 py-5 md:px-6 md:py-8">
      <BackAndBreadcrumb post={product.data} />
      {product.isPending && <ProductDetailsSkeleton />}
      {notFound && (
        <div className="py-24 text-center">
          <HttpStatus code={404} />
          <Seo title="Product not found" description="This product is no longer available." />
          <h1 className="font-display text-3xl">Product not found</h1>
          <Link
            to="/"
            className="mt-6 inline-block rounded-full bg-ink px-6 py-3 text-sm font-semibold text-white"
          >
            Back to Home
          </Link>
        </div>
      )}
      {product.isError && !notFound && (
        <div className="py-24 text-center">
          <Seo title="Product" description="Shop celebrity looks from your favorite TV shows." />
          <p className="text-neutral-700">Failed to load product details. Please try again later.</p>
          <Link to="/" className="mt-6 inline-block text-sm font-semibold underline">
            Back to Home
          </Link>
        </div>
      )}
      {product.data && (
        <>
          <ProductDetails post={product.data} />
          <RelatedPosts post={product.data} />
        </>
      )}
      {/* below the details once they are in: drawn earlier, it would be pushed down in view */}
      {!product.isPending && !notFound && <LatestPosts excludeId={id} />}
    </div>
  );
}
