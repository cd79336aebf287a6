import { JSDOM } from 'jsdom';
import { toSlug } from '@celebstyle/slugs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedStack } from './support/shared-stack.ts';

// What a crawler or a link preview gets: the raw HTML of each page through the gateway, no script
// run (jsdom parses, never executes), against the real stack on PostgreSQL and Redis.
const stack = sharedStack();

type Post = {
  _id: string;
  title: string;
  celebrity: string;
  show: string;
  mainImage: string | null;
  enhancedImage: string | null;
  affiliateLinks: { text: string; url: string; health: string | null }[];
};

type RawPage = { status: number; type: string; html: string; doc: Document };

async function raw(path: string): Promise<RawPage> {
  const res = await fetch(stack.url + path, { redirect: 'manual', headers: { accept: 'text/html' } });
  const html = await res.text();
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    html,
    doc: new JSDOM(html).window.document,
  };
}

const meta = (doc: Document, key: string) =>
  doc.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
const canonical = (doc: Document) => doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(stack.url + path)).json()) as T;
}

describe('server-rendered product page (raw HTML, no script run)', () => {
  let post: Post;
  let page: RawPage;

  beforeAll(async () => {
    const list = await api<{ posts: Post[] }>('/api/posts?limit=50&sort=createdAt&order=desc');
    post = list.posts.find((p) => p.affiliateLinks.some((l) => /\$\d/.test(l.text)) && p.mainImage)!;
    expect(post, 'a seeded post with a priced link and an image').toBeDefined();
    page = await raw(`/product/${post._id}`);
  });

  it('answers 200 HTML with the product in the markup', () => {
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.doc.querySelector('#root h1')?.textContent).toBe(post.title);
  });

  it('has its own title, description and canonical URL', () => {
    expect(page.doc.title).toBe(`${post.title} | CelebStyle`);
    expect(meta(page.doc, 'description')?.length).toBeGreaterThan(20);
    expect(canonical(page.doc)).toBe(`${new URL(canonical(page.doc)!).origin}/product/${post._id}`);
  });

  it('has Open Graph and Twitter card tags with the image, the title and the price', () => {
    expect(meta(page.doc, 'og:title')).toBe(`${post.title} | CelebStyle`);
    expect(meta(page.doc, 'og:type')).toBe('product');
    expect(meta(page.doc, 'og:url')).toBe(canonical(page.doc));
    const image = meta(page.doc, 'og:image')!;
    expect(new URL(image).pathname).toBe(new URL(post.enhancedImage || post.mainImage!, stack.url).pathname);
    expect(meta(page.doc, 'product:price:amount')).toMatch(/^\d+\.\d{2}$/);
    expect(meta(page.doc, 'product:price:currency')).toBe('USD');
    expect(meta(page.doc, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.doc, 'twitter:image')).toBe(image);
    expect(meta(page.doc, 'twitter:title')).toBe(`${post.title} | CelebStyle`);
    expect(meta(page.doc, 'twitter:data1')).toBe(`$${meta(page.doc, 'product:price:amount')}`);
  });

  it('carries valid Product JSON-LD with offers priced, in USD, with availability', () => {
    const blocks = page.doc.querySelectorAll('script[type="application/ld+json"]');
    expect(blocks).toHaveLength(1);
    const ld = JSON.parse(blocks[0]!.textContent!) as Record<string, unknown> & {
      offers: { '@type': string; price: string; priceCurrency: string; availability: string; url: string }[];
    };
    expect(ld).toMatchObject({ '@context': 'https://schema.org', '@type': 'Product', name: post.title });
    expect(ld.offers.length).toBeGreaterThan(0);
    for (const offer of ld.offers) {
      expect(offer['@type']).toBe('Offer');
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.priceCurrency).toBe('USD');
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
      expect(offer.url).toMatch(/^https?:\/\//);
    }
    // the block's text never holds a raw <, > or & (a title holding </script> cannot end it)
    expect(blocks[0]!.textContent).not.toMatch(/[<>&]/);
  });

  it('has Shop Now with its shop link in the HTML', () => {
    const shopNow = [...page.doc.querySelectorAll('a')].find((a) => a.textContent?.includes('Shop Now'));
    const href = shopNow?.getAttribute('href') ?? '';
    expect(href).toMatch(/^https?:\/\//);
    // the affiliate redirect carries the shop's address: one of the post's own links
    const hosts = post.affiliateLinks.map((l) => new URL(l.url).hostname);
    expect(hosts.some((host) => decodeURIComponent(href).includes(host))).toBe(true);
    const offers = (
      JSON.parse(page.doc.querySelector('script[type="application/ld+json"]')!.textContent!) as {
        offers: { price: string }[];
      }
    ).offers;
    expect(offers.map((o) => o.price)).toContain(meta(page.doc, 'product:price:amount'));
  });
});

describe('other public pages (raw HTML)', () => {
  it('each has a unique title, a description and a unique canonical URL, with its content in the markup', async () => {
    const list = await api<{ posts: Post[] }>('/api/posts?limit=1&sort=createdAt&order=desc');
    const post = list.posts[0]!;
    const paths = [
      '/',
      '/fashion',
      `/fashion?show=${encodeURIComponent(post.show)}`,
      '/top-picks',
      '/trending',
      '/celebrity',
      `/celebrity/${toSlug(post.celebrity)}`,
      '/shows',
      `/show/${toSlug(post.show)}`,
      '/about',
      '/get-in-touch',
      '/terms',
    ];
    const seen = { titles: new Map<string, string>(), canonicals: new Map<string, string>() };
    for (const path of paths) {
      const page = await raw(path);
      expect(page.status, path).toBe(200);
      expect(page.doc.querySelector('#root main')?.textContent?.trim().length, path).toBeGreaterThan(40);
      expect(meta(page.doc, 'description')?.length, path).toBeGreaterThan(10);
      expect(meta(page.doc, 'og:title'), path).toBe(page.doc.title);
      expect(seen.titles.get(page.doc.title), `${path} has the title of another page`).toBeUndefined();
      seen.titles.set(page.doc.title, path);
      const url = canonical(page.doc)!;
      expect(seen.canonicals.get(url), `${path} has the canonical URL of another page`).toBeUndefined();
      seen.canonicals.set(url, path);
    }
    // a profile and a filtered listing name what they show
    expect(seen.titles.has(`${post.celebrity} Outfits | CelebStyle`)).toBe(true);
    expect([...seen.titles.keys()].some((t) => t.includes(post.show))).toBe(true);
  }, 60_000);

  it('writes an alias under its main address: /shows/{name} and /Fashion', async () => {
    const list = await api<{ posts: Post[] }>('/api/posts?limit=1');
    const show = list.posts[0]!.show;
    const alias = await raw(`/shows/${toSlug(show)}`);
    expect(new URL(canonical(alias.doc)!).pathname).toBe(`/show/${toSlug(show)}`);
    expect(new URL(canonical((await raw('/Fashion')).doc)!).pathname).toBe('/fashion');
  });

  it('answers a registered old path with an HTTP redirect to the screen it names', async () => {
    const res = await fetch(`${stack.url}/explore`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/fashion');
  });
});

describe('status codes of missing pages (raw HTML)', () => {
  it.each([
    ['an unknown product', '/product/00000000-0000-4000-8000-000000000000', 'Product not found'],
    ['a malformed product id', '/product/not-an-id', 'Product not found'],
    ['an unknown celebrity', '/celebrity/nobody-we-know-of', 'Celebrity Not Found'],
    ['an unknown show', '/show/no-such-show-at-all', 'Show Not Found'],
    ['a path that is no page', '/no/such/page', '404 - Page Not Found'],
  ])('%s answers 404 with the not-found page in HTML', async (_what, path, heading) => {
    const page = await raw(path);
    expect(page.status).toBe(404);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.doc.querySelector('#root h1')?.textContent).toBe(heading);
  });
});
