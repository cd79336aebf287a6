import { ErrorCode, SITEMAP_URLS_PER_FILE } from '@celebstyle/contracts';
import { AppError, type ServiceInstance } from '@celebstyle/service-kit';
import { LRUCache } from 'lru-cache';
import { catalogSitemapClient } from '../../modules/sitemap/catalog-sitemap-client.ts';
import {
  fitsOneFile,
  pageUrls,
  postFileCount,
  postUrls,
  sitemapIndex,
  urlset,
} from '../../modules/sitemap/sitemap-xml.ts';

export interface SeoFilesOptions {
  siteUrl: string;
  catalogUrl: string;
  timeoutMs: number;
  /** URLs per sitemap file (the sitemaps.org limit; tests make it small). */
  urlsPerFile?: number;
}

// a sitemap is read by crawlers a few times a day: built at most every 10 minutes
const SITEMAP_TTL_MS = 10 * 60_000;

/** Pages crawlers need not index: the admin console, the API, the newsletter's one-off pages. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /confirm-subscription',
    'Disallow: /unsubscribe',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * /robots.txt and /sitemap.xml (README, Sitemap): one urlset while every URL fits one file, else a
 * sitemap index of /sitemaps/pages.xml and /sitemaps/posts-{n}.xml, each with lastmod.
 */
export function seoFileRoutes(options: SeoFilesOptions) {
  const perFile = options.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  const catalog = catalogSitemapClient(options.catalogUrl, options.timeoutMs, perFile);
  const site = options.siteUrl;
  const built = new LRUCache<string, string>({ max: 64, ttl: SITEMAP_TTL_MS });
  const cached = async (key: string, build: () => Promise<string>) => {
    const hit = built.get(key);
    if (hit) return hit;
    const text = await build();
    built.set(key, text);
    return text;
  };

  const sitemap = async () => {
    const [summary, profiles] = await Promise.all([catalog.summary(), catalog.profiles()]);
    const pages = pageUrls(site, summary, profiles);
    if (fitsOneFile(pages.length, summary.posts, perFile))
      return urlset([...pages, ...postUrls(site, await catalog.posts(1))]);
    const files = Array.from({ length: postFileCount(summary.posts, perFile) }, (_, i) => ({
      loc: `${site}/sitemaps/posts-${i + 1}.xml`,
      lastmod: summary.lastmod,
    }));
    return sitemapIndex([{ loc: `${site}/sitemaps/pages.xml`, lastmod: summary.lastmod }, ...files]);
  };

  const sitemapFile = async (name: string) => {
    if (name === 'pages.xml') {
      const [summary, profiles] = await Promise.all([catalog.summary(), catalog.profiles()]);
      return urlset(pageUrls(site, summary, profiles));
    }
    const match = /^posts-([1-9]\d{0,4})\.xml$/.exec(name);
    const summary = match ? await catalog.summary() : null;
    if (!match || !summary || Number(match[1]) > postFileCount(summary.posts, perFile))
      throw new AppError(404, ErrorCode.notFound, 'No such sitemap file');
    return urlset(postUrls(site, await catalog.posts(Number(match[1]))));
  };

  return async (app: ServiceInstance) => {
    const xml = { schema: { hide: true } };
    app.get('/robots.txt', xml, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(robotsTxt(site)),
    );
    app.get('/sitemap.xml', xml, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await cached('/sitemap.xml', sitemap)),
    );
    app.get<{ Params: { file: string } }>('/sitemaps/:file', xml, async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(await cached(request.params.file, () => sitemapFile(request.params.file))),
    );
  };
}
