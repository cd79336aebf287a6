import type { PublicPost } from '@celebstyle/contracts';
import { Seo } from '../../../components/seo.tsx';
import { useSiteConfig } from '../../../lib/site-config.ts';
import { postImage } from '../../../lib/catalog/posts.ts';
import { paths } from '../../../config/paths.ts';
import type { ShoppingLink } from '../api/use-shopping-links.ts';
import { isDeadLink, isSoldOutLink } from '../link-availability.ts';

const absolute = (url: string, base: string) => {
  try {
    return new URL(url, base).toString();
  } catch {
    return url;
  }
};

export function productDescription(post: PublicPost): string {
  const text = post.description.trim() || `Shop ${post.title} as seen on ${post.celebrity} in ${post.show}.`;
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * schema.org Product with brand, images and offers with price when the link text carries one; a
 * dead link is no offer, a sold-out one is offered as sold out.
 */
export function productJsonLd(post: PublicPost, links: ShoppingLink[], siteUrl: string, images: string[]) {
  const offers = links
    .filter((l) => l.price !== null && !isDeadLink(l))
    .map((l) => ({
      '@type': 'Offer',
      price: l.price!.toFixed(2),
      priceCurrency: 'USD',
      url: l.href,
      availability: isSoldOutLink(l) ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: post.title,
    description: productDescription(post),
    image: images.map((i) => absolute(i, siteUrl)),
    brand: post.brand ? { '@type': 'Brand', name: post.brand } : undefined,
    category: post.productType || 'Fashion',
    url: absolute(paths.product(post._id), siteUrl),
    ...(offers.length ? { offers } : {}),
  };
}

export function ProductSeo({
  post,
  links,
  images,
}: {
  post: PublicPost;
  links: ShoppingLink[];
  images: string[];
}) {
  const config = useSiteConfig();
  const siteUrl = config.data?.siteUrl || window.location.origin;
  const image = postImage(post);
  return (
    <Seo
      title={post.title}
      description={productDescription(post)}
      openGraph={{
        'og:type': 'product',
        'og:url': absolute(paths.product(post._id), siteUrl),
        'og:image': image ? absolute(image, siteUrl) : undefined,
        'product:brand': post.brand || undefined,
      }}
      jsonLd={productJsonLd(post, links, siteUrl, images)}
    />
  );
}
