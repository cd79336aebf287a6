import type { Prng } from './prng.ts';

/**
 * Retailers whose product addresses the demo links imitate. They point at the demo retailer farm
 * (services/link-validation demo-shops) that `npm start` runs on loopback port 3005 under
 * `*-demo.localhost` names, so the link-check worker has shops to check and nothing leaves the
 * machine; a browser opens them too (every *.localhost name is loopback).
 */
const shop = (key: string) => `http://www.${key}-demo.localhost:3005`;
const network = (host: string) => `http://${host}-demo.localhost:3005`;
interface Retailer {
  name: string;
  productUrl: (slug: string, r: Prng) => string;
}

const digits = (r: Prng, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join('');
const upper = (r: Prng, n: number) =>
  Array.from({ length: n }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[r.int(0, 33)]).join('');

export const DEMO_RETAILERS: Retailer[] = [
  { name: 'Nordstrom', productUrl: (s, r) => `${shop('nordstrom')}/s/${s}/${digits(r, 7)}` },
  {
    name: 'Saks Fifth Avenue',
    productUrl: (s, r) => `${shop('saksfifthavenue')}/product/${s}-${digits(r, 10)}.html`,
  },
  { name: 'Neiman Marcus', productUrl: (s, r) => `${shop('neimanmarcus')}/p/${s}-prod${digits(r, 9)}` },
  {
    name: 'Net-a-Porter',
    productUrl: (s, r) => `${shop('net-a-porter')}/en-us/shop/product/${s}/${digits(r, 19)}`,
  },
  { name: 'Revolve', productUrl: (s, r) => `${shop('revolve')}/${s}/dp/${upper(r, 9)}/` },
  { name: 'Shopbop', productUrl: (s, r) => `${shop('shopbop')}/${s}/vp/v=1/${digits(r, 10)}.htm` },
  { name: 'Amazon', productUrl: (_s, r) => `${shop('amazon')}/dp/B0${upper(r, 8)}` },
  {
    name: 'Farfetch',
    productUrl: (s, r) => `${shop('farfetch')}/shopping/women/${s}-item-${digits(r, 8)}.aspx`,
  },
  {
    name: "Bloomingdale's",
    productUrl: (s, r) => `${shop('bloomingdales')}/shop/product/${s}?ID=${digits(r, 7)}`,
  },
  { name: 'Mytheresa', productUrl: (s, r) => `${shop('mytheresa')}/us/en/women/${s}-p0${digits(r, 8)}` },
  { name: 'Anthropologie', productUrl: (s) => `${shop('anthropologie')}/shop/${s}` },
];

/** Affiliate networks that wrap a retailer address (the link's realUrl is then the retailer's). */
export const AFFILIATE_WRAPPERS = [
  (target: string, r: Prng) =>
    `${network('go.skimresources')}/?id=${digits(r, 6)}X${digits(r, 7)}&xs=1&url=${encodeURIComponent(target)}`,
  (target: string, r: Prng) =>
    `${network('click.linksynergy')}/deeplink?id=${upper(r, 11)}&mid=${digits(r, 5)}&murl=${encodeURIComponent(target)}`,
  (target: string, r: Prng) => `${network('rstyle')}/+${upper(r, 22)}?url=${encodeURIComponent(target)}`,
];

export const TRACKING_SUFFIXES = [
  '',
  '',
  '?utm_source=wornontv&utm_medium=affiliate&utm_campaign=tv-fashion',
  '?color=black&size=s',
  '?utm_source=bigblondehair&utm_medium=referral',
];
