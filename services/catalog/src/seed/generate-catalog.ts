import { toSlug } from '@celebstyle/slugs';
import type { PostPlatform, PostStatusValue, ShowStatus } from '../db/database.ts';
import { DEMO_CELEBRITIES } from './demo-celebrities.ts';
import {
  DEMO_BRANDS,
  DEMO_COLOURS,
  DEMO_MOMENTS,
  DEMO_PRODUCT_TYPES,
  DEMO_STYLES,
  DEMO_STYLING_NOTES,
} from './demo-products.ts';
import { AFFILIATE_WRAPPERS, DEMO_RETAILERS, TRACKING_SUFFIXES } from './demo-retailers.ts';
import { DEMO_SHOWS } from './demo-shows.ts';
import { Prng } from './prng.ts';

/** Plain rows, snake_case like the tables, so seeding is a straight bulk insert. */
export interface SeedShow {
  id: string;
  name: string;
  slug: string;
  search_term: string;
  network: string;
  status: ShowStatus;
  genres: string[];
  summary: string;
  original_image: string;
  medium_image: string;
  premiered: string;
  tvmaze_id: number;
  created_at: Date;
  updated_at: Date;
}
export interface SeedCastMember {
  id: string;
  show_id: string;
  name: string;
  image_original: string;
  image_medium: string;
  position: number;
}
export interface SeedCelebrity {
  id: string;
  name: string;
  slug: string;
  description: string;
  profile_image: string;
  shows: string[];
  main_show: string;
  network: string;
  location: string;
  description_generated: boolean;
  last_updated: Date;
  created_at: Date;
}
export interface SeedLink {
  id: string;
  post_id: string;
  position: number;
  text: string;
  url: string;
  real_url: string | null;
}
export interface SeedPost {
  id: string;
  title: string;
  description: string;
  main_image: string;
  enhanced_image: string | null;
  additional_images: string[];
  url: string;
  categories: string[];
  date: string;
  parsed_date: Date;
  created_at: Date;
  updated_at: Date;
  celebrity: string;
  show: string;
  brand: string;
  product_type: string;
  platform: PostPlatform;
  status: PostStatusValue;
  is_top_pick: boolean;
  view_count: number;
  rejection_reason: string | null;
  links: SeedLink[];
}

export interface CatalogSeedOptions {
  seed: number;
  posts: number;
  /** Dates spread over the year before this instant. Fixed, so the data never depends on the clock. */
  referenceDate: Date;
}

const DAY_MS = 86_400_000;
const REJECTION_REASONS = [
  'Duplicate post',
  'Image quality too low',
  'Affiliate link broken',
  'Wrong celebrity',
];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export const imagePath = {
  post: (id: string, variant?: string) => `/api/images/posts/${id}${variant ? `-${variant}` : ''}.svg`,
  celebrity: (slug: string) => `/api/images/celebrities/${slug}.svg`,
  show: (slug: string, size?: 'medium') => `/api/images/shows/${slug}${size ? `-${size}` : ''}.svg`,
};

export function generateShows(seed: number, referenceDate: Date): SeedShow[] {
  const r = new Prng(seed ^ 0x5a0e);
  return DEMO_SHOWS.map((show) => {
    const slug = toSlug(show.name);
    const created = new Date(referenceDate.getTime() - r.int(380, 700) * DAY_MS);
    return {
      id: r.uuid(),
      name: show.name,
      slug,
      search_term: show.name.replace(/^The\s+/i, '').toLowerCase(),
      network: show.network,
      status: show.status,
      genres: show.genres,
      summary: show.summary,
      original_image: imagePath.show(slug),
      medium_image: imagePath.show(slug, 'medium'),
      premiered: show.premiered,
      tvmaze_id: r.int(1000, 80000),
      created_at: created,
      updated_at: created,
    };
  });
}

export function generateCelebrities(seed: number, referenceDate: Date): SeedCelebrity[] {
  const r = new Prng(seed ^ 0xce1eb);
  const networkOf = new Map(DEMO_SHOWS.map((s) => [s.name, s.network]));
  return DEMO_CELEBRITIES.map(([name, mainShow, otherShows, location]) => {
    const slug = toSlug(name);
    const created = new Date(referenceDate.getTime() - r.int(370, 720) * DAY_MS);
    const generated = r.chance(0.4);
    return {
      id: r.uuid(),
      name,
      slug,
      description: generated
        ? `${name} is best known for ${mainShow}. Shop ${name.split(' ')[0]}'s signature looks, from statement dresses to everyday accessories.`
        : `${name} (${location}) has become a fashion favourite thanks to ${mainShow}, where every outfit gets noticed.`,
      profile_image: imagePath.celebrity(slug),
      shows: [mainShow, ...otherShows],
      main_show: mainShow,
      network: networkOf.get(mainShow) ?? 'Other',
      location,
      description_generated: generated,
      last_updated: new Date(referenceDate.getTime() - r.int(1, 60) * DAY_MS),
      created_at: created,
    };
  });
}

/** Cast of each show: the demo celebrities who appear in it, in a stable order. */
export function generateCast(
  seed: number,
  shows: SeedShow[],
  celebrities: SeedCelebrity[],
): SeedCastMember[] {
  const r = new Prng(seed ^ 0xca57);
  const cast: SeedCastMember[] = [];
  for (const show of shows) {
    const members = celebrities.filter((c) => c.shows.includes(show.name));
    members.forEach((member, position) => {
      cast.push({
        id: r.uuid(),
        show_id: show.id,
        name: member.name,
        image_original: member.profile_image,
        image_medium: member.profile_image,
        position,
      });
    });
  }
  return cast;
}

const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

function formatSourceDate(platform: PostPlatform, date: Date): string {
  // The sources write dates their own way: bigblondehair "March 4, 2026", wornontv "2026-03-04".
  return platform === 'bigblondehair'
    ? `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`
    : date.toISOString().slice(0, 10);
}

function price(r: Prng, [min, max]: [number, number]): string {
  // Skewed towards the cheaper end; about a third of prices carry cents ($12 or $12.34).
  const value = min + (max - min) * r.next() ** 2.2;
  return r.chance(0.35) ? `$${value.toFixed(2)}` : `$${Math.round(value)}`;
}

/**
 * Yields posts one by one from one PRNG stream, so the same options give the same posts whatever the
 * batch size of the caller, and 200,000 posts never sit in memory at once.
 */
export function* generatePosts(
  options: CatalogSeedOptions,
  celebrities: SeedCelebrity[],
): Generator<SeedPost> {
  const r = new Prng(options.seed ^ 0x9057);
  const ref = options.referenceDate.getTime();
  // A few celebrities carry many looks (Zipf-like weights), as on the real sites.
  const weights = celebrities.map((_, i) => 1 / (1 + i * 0.15) + r.next() * 0.5);
  for (let n = 0; n < options.posts; n++) {
    const celeb = r.weighted(celebrities, weights);
    const show = r.chance(0.85) ? celeb.main_show : r.pick(celeb.shows);
    const type = r.pick(DEMO_PRODUCT_TYPES);
    const brand = r.pick(DEMO_BRANDS);
    const colour = r.pick(DEMO_COLOURS);
    const material = r.pick(type.materials);
    const style = r.pick(DEMO_STYLES);
    const platform: PostPlatform = r.chance(0.55) ? 'wornontv' : 'bigblondehair';
    const id = r.uuid();
    const first = celeb.name.split(' ')[0];

    // Newer posts are more frequent: age in days skewed towards 0, within the last year.
    const ageMs = Math.floor(365 * DAY_MS * r.next() ** 1.6);
    // Two days back at least, so created (up to 36 h after the source date) stays before the reference.
    const parsed = new Date(ref - ageMs - 48 * 3_600_000 - r.int(0, 23) * 3_600_000);
    parsed.setUTCMinutes(0, 0, 0);
    const created = new Date(parsed.getTime() + r.int(1, 36) * 3_600_000);
    const updated = r.chance(0.3)
      ? new Date(Math.min(ref, created.getTime() + r.int(1, 40) * DAY_MS))
      : created;

    const title = r.pick([
      `${possessive(celeb.name)} ${colour} ${material} ${type.name}`,
      `${possessive(celeb.name)} ${brand} ${style} ${type.name}`,
      `${possessive(first!)} ${colour} ${style} ${type.name} on ${show}`,
      `${show} Fashion: ${possessive(celeb.name)} ${colour} ${type.name}`,
      `${brand} ${colour} ${material} ${type.name} worn by ${celeb.name}`,
    ]);
    const description = `${celeb.name} wore this ${colour.toLowerCase()} ${material.toLowerCase()} ${type.name.toLowerCase()} by ${brand} during ${r.pick(DEMO_MOMENTS)} on ${show}. ${r.pick(DEMO_STYLING_NOTES)}`;

    const statusRoll = r.next();
    const status: PostStatusValue =
      statusRoll < 0.85
        ? 'approved'
        : statusRoll < 0.92
          ? 'pending'
          : statusRoll < 0.96
            ? 'rejected'
            : 'hidden';
    const productSlug = toSlug(`${brand} ${colour} ${material} ${type.name}`);

    const linkCount = r.weighted([1, 2, 3, 4, 5], [3, 4, 3, 2, 1]);
    const links: SeedLink[] = [];
    for (let position = 0; position < linkCount; position++) {
      const retailer = r.pick(DEMO_RETAILERS);
      const direct = retailer.productUrl(productSlug, r) + r.pick(TRACKING_SUFFIXES);
      const wrapped = r.chance(0.3);
      const withPrice = r.chance(0.7);
      const label = position === 0 ? `Shop the ${brand} ${type.name}` : `Similar at ${retailer.name}`;
      links.push({
        id: r.uuid(),
        post_id: id,
        position,
        text: withPrice ? `${label} - ${price(r, type.price)}` : `${label} at ${retailer.name}`,
        url: wrapped ? r.pick(AFFILIATE_WRAPPERS)(direct, r) : direct,
        real_url: wrapped ? direct : null,
      });
    }

    const extraImages = r.int(0, 3);
    yield {
      id,
      title,
      description,
      main_image: imagePath.post(id),
      enhanced_image: r.chance(0.2) ? imagePath.post(id, 'enhanced') : null,
      additional_images: Array.from({ length: extraImages }, (_, i) => imagePath.post(id, String(i + 1))),
      url:
        platform === 'wornontv'
          ? `https://wornontv.net/${100000 + n}/`
          : `https://bigblondehair.com/${toSlug(show)}/${celeb.slug}-${productSlug}/`,
      categories: [...type.categories, r.pick(['Reality TV', 'Street Style', 'Red Carpet', 'Shop Finds'])],
      date: formatSourceDate(platform, parsed),
      parsed_date: parsed,
      created_at: created,
      updated_at: updated,
      celebrity: celeb.name,
      show,
      brand,
      product_type: type.name,
      platform,
      status,
      is_top_pick: status === 'approved' && r.chance(0.06),
      view_count: Math.floor(Math.exp(r.next() * 9.5)) - 1,
      rejection_reason: status === 'rejected' ? r.pick(REJECTION_REASONS) : null,
      links,
    };
  }
}
