import { toSlug } from '@celebstyle/slugs';

/** Public URLs of storefront.md §2, built in one place. */
export const paths = {
  home: () => '/',
  fashion: (query?: Record<string, string>) =>
    query && Object.keys(query).length ? `/fashion?${new URLSearchParams(query)}` : '/fashion',
  topPicks: () => '/top-picks',
  trending: () => '/trending',
  celebrities: () => '/celebrity',
  celebrity: (name: string) => `/celebrity/${toSlug(name)}`,
  shows: () => '/shows',
  show: (name: string) => `/show/${toSlug(name)}`,
  product: (id: string) => `/product/${encodeURIComponent(id)}`,
  demoProduct: () => '/product',
  about: () => '/about',
  getInTouch: () => '/get-in-touch',
  terms: () => '/terms',
} as const;
