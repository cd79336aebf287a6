import { SitemapPosts, SitemapPostsQuery, SitemapProfiles, SitemapSummary } from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sitemapPosts, sitemapProfiles, sitemapSummary } from '../../modules/sitemap/sitemap.repository.ts';

/**
 * Internal reads for the gateway's /sitemap.xml (README, Sitemap). Under /internal, which the
 * gateway's route table never routes: no visitor reaches them.
 */
const sitemapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.catalog;
  app.get(
    '/internal/sitemap/summary',
    { schema: { hide: true, response: { 200: SitemapSummary } } },
    async () => sitemapSummary(db),
  );
  app.get(
    '/internal/sitemap/posts',
    { schema: { hide: true, querystring: SitemapPostsQuery, response: { 200: SitemapPosts } } },
    async (request) => sitemapPosts(db, request.query.file, request.query.size),
  );
  app.get(
    '/internal/sitemap/profiles',
    { schema: { hide: true, response: { 200: SitemapProfiles } } },
    async () => sitemapProfiles(db),
  );
};

export default sitemapRoutes;
