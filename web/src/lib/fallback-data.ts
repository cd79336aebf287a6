import type { PublicPost, Show, TrendingCelebrity } from '@celebstyle/contracts';

/**
 * Built-in sample data (storefront.md §3 "Built-in placeholder celebrities and shows exist as
 * fallback sample data"): what Home, the celebrity and show directories and the footer show,
 * under a notice, when their call fails (§4, §8).
 * Images are null on purpose: cards draw the placeholder instead of a broken picture.
 */
export const FALLBACK_CELEBRITIES: TrendingCelebrity[] = [
  { name: 'Kyle Richards', count: 24, imageUrl: null },
  { name: 'Lisa Rinna', count: 18, imageUrl: null },
  { name: 'Erika Jayne', count: 15, imageUrl: null },
  { name: 'Dorit Kemsley', count: 12, imageUrl: null },
  { name: 'Garcelle Beauvais', count: 9, imageUrl: null },
  { name: 'Sutton Stracke', count: 7, imageUrl: null },
];

const show = (name: string, network: string, postCount: number): Show => ({
  _id: `fallback-${name}`,
  name,
  searchTerm: name,
  network,
  originalImage: null,
  mediumImage: null,
  postCount,
  genres: [],
  summary: null,
});

export const FALLBACK_SHOWS: Show[] = [
  show('The Real Housewives of Beverly Hills', 'Bravo', 40),
  show('Emily in Paris', 'Netflix', 32),
  show('The White Lotus', 'HBO', 21),
  show('Selling Sunset', 'Netflix', 18),
  show('And Just Like That...', 'HBO', 14),
  show('The Morning Show', 'Apple', 9),
];

const post = (
  i: number,
  title: string,
  celebrity: string,
  showName: string,
  brand: string,
  productType: string,
): PublicPost => ({
  _id: `fallback-${i}`,
  title,
  description: '',
  mainImage: null,
  enhancedImage: null,
  additionalImages: [],
  url: null,
  affiliateLinks: [],
  categories: [],
  date: null,
  parsedDate: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  celebrity,
  show: showName,
  brand,
  productType,
  platform: 'wornontv',
  status: 'approved',
  isTopPick: true,
  viewCount: 0,
});

export const FALLBACK_POSTS: PublicPost[] = [
  post(
    1,
    'Red Satin Slip Dress',
    'Kyle Richards',
    'The Real Housewives of Beverly Hills',
    'Reformation',
    'Dress',
  ),
  post(2, 'Beret and Tweed Blazer', 'Lily Collins', 'Emily in Paris', 'Chanel', 'Blazer'),
  post(3, 'Linen Resort Shirt', 'Jennifer Coolidge', 'The White Lotus', 'Zimmermann', 'Shirt'),
  post(4, 'Sculpted Gold Earrings', 'Chrishell Stause', 'Selling Sunset', 'Jennifer Fisher', 'Earrings'),
  post(5, 'Pleated Midi Skirt', 'Sarah Jessica Parker', 'And Just Like That...', 'Carolina Herrera', 'Skirt'),
  post(6, 'Camel Wrap Coat', 'Jennifer Aniston', 'The Morning Show', 'Max Mara', 'Coat'),
  post(
    7,
    'Crystal Embellished Heels',
    'Erika Jayne',
    'The Real Housewives of Beverly Hills',
    'Aquazzura',
    'Shoes',
  ),
  post(8, 'Quilted Shoulder Bag', 'Lisa Rinna', 'The Real Housewives of Beverly Hills', 'Chanel', 'Bag'),
];
