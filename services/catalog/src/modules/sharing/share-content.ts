import type { ShareContent } from '@celebstyle/contracts';

export interface SharablePost {
  id: string;
  title: string;
  celebrity: string;
  show: string;
  brand: string;
  productType: string;
  mainImage: string | null;
  enhancedImage: string | null;
}

/** A hashtag from a name: its words in PascalCase, letters and digits only ('#KyleRichards'). */
export function hashtag(name: string): string | null {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  if (words.length === 0) return null;
  return `#${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;
}

const absolute = (siteUrl: string, path: string | null) =>
  path === null ? null : path.startsWith('/') ? `${siteUrl}${path}` : path;

/**
 * admin.md §2 Sharing: the share content of an approved post. The image is the enhanced one when
 * there is one; postUrl is the storefront's product page; hashtags name the celebrity, show, brand
 * and product type, then the site's own.
 */
export function buildShareContent(post: SharablePost, siteUrl: string): ShareContent {
  const site = siteUrl.replace(/\/+$/, '');
  const postUrl = `${site}/product/${post.id}`;
  const tags = [post.celebrity, post.show, post.brand, post.productType, 'CelebStyle', 'AsSeenOnTV']
    .map(hashtag)
    .filter((tag): tag is string => tag !== null);
  const hashtags = [...new Map(tags.map((tag) => [tag.toLowerCase(), tag])).values()];
  const title = post.title.trim() || `${post.celebrity}'s ${post.productType}`;
  const caption = [
    title,
    `As worn by ${post.celebrity} on ${post.show}: ${post.brand} ${post.productType}.`,
    `Shop the look: ${postUrl}`,
    hashtags.join(' '),
  ].join('\n\n');
  return {
    image: absolute(site, post.enhancedImage ?? post.mainImage),
    title,
    celebrity: post.celebrity,
    show: post.show,
    caption,
    hashtags,
    postUrl,
    postId: post.id,
  };
}
