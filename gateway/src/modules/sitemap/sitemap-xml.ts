import type { SitemapPosts, SitemapProfiles, SitemapSummary } from '@celebstyle/contracts';
import { toSlug } from '@celebstyle/slugs';

export type SitemapUrl = { loc: string; lastmod?: string | null };

/** storefront.md §2: the public pages that stand on their own (no per-item id). */
export const STATIC_PAGES = [
  '/',
  '/fashion',
  '/top-picks',
  '/trending',
  '/celebrity',
  '/shows',
  '/about',
  '/get-in-touch',
  '/terms',
];

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const entry = (tag: 'url' | 'sitemap', { loc, lastmod }: SitemapUrl) =>
  `<${tag}><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}</${tag}>`;

export function urlset(urls: SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => entry('url', u)).join('\n')}\n</urlset>\n`;
}

export function sitemapIndex(files: SitemapUrl[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((f) => entry('sitemap', f)).join('\n')}\n</sitemapindex>\n`;
}

/** The home, listing and info pages, and each celebrity and show with an approved look. */
export function pageUrls(siteUrl: string, summary: SitemapSummary, profiles: SitemapProfiles): SitemapUrl[] {
  return [
    ...STATIC_PAGES.map((path) => ({
      loc: `${siteUrl}${path}`,
      lastmod: path === '/' ? summary.lastmod : null,
    })),
    ...profiles.celebrities.map((c) => ({
      loc: `${siteUrl}/celebrity/${toSlug(c.name)}`,
      lastmod: c.lastmod,
    })),
    ...profiles.shows.map((s) => ({ loc: `${siteUrl}/show/${toSlug(s.name)}`, lastmod: s.lastmod })),
  ];
}

export function postUrls(siteUrl: string, posts: SitemapPosts): SitemapUrl[] {
  return posts.posts.map((p) => ({
    loc: `${siteUrl}/product/${encodeURIComponent(p.id)}`,
    lastmod: p.lastmod,
  }));
}

/** How many post files the index lists when the site is over one file's limit. */
export const postFileCount = (posts: number, perFile: number) => Math.max(1, Math.ceil(posts / perFile));

/** Whether every URL fits one sitemap file; otherwise /sitemap.xml is an index of files. */
export function fitsOneFile(pages: number, posts: number, perFile: number): boolean {
  return pages + posts <= perFile;
}
