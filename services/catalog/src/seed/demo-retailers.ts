import type { Prng } from './prng.ts';

/** Retailers whose product addresses the demo links imitate (never fetched). */
interface Retailer {
  name: string;
  productUrl: (slug: string, r: Prng) => string;
}

const digits = (r: Prng, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
const upper = (r: Prng, n: number) =>
  Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[r.int(0, 33)]).join('');

export const DEMO_RETAILERS: Retailer[] = [
  { name: 'Nordstrom', productUrl: (s, r) => `https://www.nordstrom.com/s/${s}/${digits(r, 7)}` },
  {
    name: 'Saks Fifth Avenue',
    productUrl: (s, r) => `https://www.saksfifthavenue.com/product/${s}-${digits(r, 10)}.html`,
  },
  { name: 'Neiman Marcus', productUrl: (s, r) => `https://www.neimanmarcus.com/p/${s}-prod${digits(r, 9)}` },
  {
    name: 'Net-a-Porter',
    productUrl: (s, r) => `https://www.net-a-porter.com/en-us/shop/product/${s}/${digits(r, 19)}`,
  },
  { name: 'Revolve', productUrl: (s, r) => `https://www.revolve.com/${s}/dp/${upper(r, 9)}/` },
  { name: 'Shopbop', productUrl: (s, r) => `https://www.shopbop.com/${s}/vp/v=1/${digits(r, 10)}.htm` },
  { name: 'Amazon', productUrl: (_s, r) => `https://www.amazon.com/dp/B0${upper(r, 8)}` },
  {
    name: 'Farfetch',
    productUrl: (s, r) => `https://www.farfetch.com/shopping/women/${s}-item-${digits(r, 8)}.aspx`,
  },
  {
    name: "Bloomingdale's",
    productUrl: (s, r) => `https://www.bloomingdales.com/shop/product/${s}?ID=${digits(r, 7)}`,
  },
  { name: 'Mytheresa', productUrl: (s, r) => `https://www.mytheresa.com/us/en/women/${s}-p0${digits(r, 8)}` },
  { name: 'Anthropologie', productUrl: (s) => `https://www.anthropologie.com/shop/${s}` },
];

/** Affiliate networks that wrap a retailer address (the link's realUrl is then the retailer's). */
export const AFFILIATE_WRAPPERS = [
  (target: string, r: Prng) =>
    `https://go.skimresources.com/?id=${digits(r, 6)}X${digits(r, 7)}&xs=1&url=${encodeURIComponent(target)}`,
  (target: string, r: Prng) =>
    `https://click.linksynergy.com/deeplink?id=${upper(r, 11)}&mid=${digits(r, 5)}&murl=${encodeURIComponent(target)}`,
  (target: string, r: Prng) => `https://rstyle.me/+${upper(r, 22)}?url=${encodeURIComponent(target)}`,
];

export const TRACKING_SUFFIXES = [
  '',
  '',
  '?utm_source=wornontv&utm_medium=affiliate&utm_campaign=tv-fashion',
  '?color=black&size=s',
  '?utm_source=bigblondehair&utm_medium=referral',
];
