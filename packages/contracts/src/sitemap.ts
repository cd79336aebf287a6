import { Type, type Static } from '@sinclair/typebox';
import { QueryInteger } from './query-integer.ts';

/**
 * The catalog's internal sitemap reads (never routed by the gateway, which builds /sitemap.xml from
 * them): what the public pages of approved posts, celebrities and shows are, and when each changed.
 */
export const SITEMAP_URLS_PER_FILE = 50_000; // the sitemaps.org limit per file

const Lastmod = Type.String({ description: 'ISO 8601 date-time of the latest change' });

export const SitemapSummary = Type.Object({
  posts: Type.Integer({ minimum: 0 }),
  /** Latest change of any approved post; null when there is none. */
  lastmod: Type.Union([Type.String(), Type.Null()]),
});
export type SitemapSummary = Static<typeof SitemapSummary>;

export const SitemapPostsQuery = Type.Object({
  /** 1-based file number: posts in id order, `size` a file. */
  file: QueryInteger({ minimum: 1, maximum: 10_000, default: 1 }),
  size: QueryInteger({ minimum: 1, maximum: SITEMAP_URLS_PER_FILE, default: SITEMAP_URLS_PER_FILE }),
});

export const SitemapPosts = Type.Object({
  posts: Type.Array(Type.Object({ id: Type.String(), lastmod: Lastmod })),
});
export type SitemapPosts = Static<typeof SitemapPosts>;

const NamedEntry = Type.Object({ name: Type.String(), lastmod: Lastmod });
export const SitemapProfiles = Type.Object({
  /** Celebrities and shows with at least one approved post. */
  celebrities: Type.Array(NamedEntry),
  shows: Type.Array(NamedEntry),
});
export type SitemapProfiles = Static<typeof SitemapProfiles>;
