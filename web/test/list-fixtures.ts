import type { PublicPost } from '@celebstyle/contracts';

/** A public post as the catalog answers it (component tests have no server). */
export function post(n: number, extra: Partial<PublicPost> = {}): PublicPost {
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Look ${n}`,
    description: '',
    mainImage: null,
    enhancedImage: null,
    additionalImages: [],
    url: null,
    affiliateLinks: [],
    categories: [],
    date: null,
    parsedDate: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    celebrity: 'Dorit Kemsley',
    show: 'The Real Housewives of Beverly Hills',
    brand: 'Zara',
    productType: 'Dress',
    platform: 'wornontv',
    status: 'approved',
    isTopPick: false,
    viewCount: 0,
    ...extra,
  };
}

/** Page `page` of `total` posts, `limit` per page, in the catalog's pagination shape. */
export function pageOf(page: number, limit: number, total: number) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const first = (page - 1) * limit;
  return {
    posts: Array.from({ length: Math.max(0, Math.min(limit, total - first)) }, (_, i) => post(first + i + 1)),
    pagination: {
      currentPage: page,
      totalPages,
      totalPosts: total,
      hasNextPage: page < totalPages,
      hasPrevPage: page > 1,
    },
  };
}
