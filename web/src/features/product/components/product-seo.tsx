import type { PublicPost } from '@celebstyle/contracts';
import { Seo } from '../../../components/seo.tsx';
import { useSiteUrl } from '../../../lib/ssr/page-head.ts';
import { postImage } from '../../../lib/catalog/posts.ts';
import { paths } from '../../../config/paths.ts';
import type { ShoppingLink } from '../api/use-shopping-links.ts';
import { formatPrice } from '../../../lib/offers/price-format.ts';
import { chooseShoppingLinks, isDeadLink, isSoldOutLink } from '../link-availability.ts';

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
      priceCurrency: l.currency,
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

/** The price a shopper pays through Shop Now (the first buyable link), else the first sold-out one's. */
export function headlinePrice(
  links: ShoppingLink[],
): { price: number; currency: string; soldOut: boolean } | null {
  const choice = chooseShoppingLinks(links);
  if (choice.kind === 'shop' && choice.shopNow.price !== null)
    return { price: choice.shopNow.price, currency: choice.shopNow.currency, soldOut: false };
  if (choice.kind !== 'shop' && choice.kind !== 'sold-out') return null;
  const priced = choice.options.find((o) => o.link.price !== null);
  return priced
    ? { price: priced.link.price!, currency: priced.link.currency, soldOut: priced.soldOut }
    : null;
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
  const siteUrl = useSiteUrl();
  const image = postImage(post);
  const headline = headlinePrice(links);
  const price = headline ? formatPrice(headline.price, headline.currency) : undefined;
  return (
    <Seo
      title={post.title}
      description={productDescription(post)}
      image={image ? absolute(image, siteUrl) : null}
      openGraph={{
        'og:type': 'product',
        'product:brand': post.brand || undefined,
        'product:price:amount': headline?.price.toFixed(2),
        'product:price:currency': headline?.currency,
        'product:availability': headline ? (headline.soldOut ? 'out of stock' : 'in stock') : undefined,
      }}
      twitter={{ 'twitter:label1': price ? 'Price' : undefined, 'twitter:data1': price }}
      jsonLd={productJsonLd(post, links, siteUrl, images)}
    />
  );
}
