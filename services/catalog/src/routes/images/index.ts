import { ErrorBody } from '@celebstyle/contracts';
import { notFound } from '@celebstyle/service-kit';
import { slugToDisplayName } from '@celebstyle/slugs';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { portraitArtwork, productArtwork } from '../../modules/images/svg-artwork.ts';

const SVG_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  // An SVG can carry script; these pictures never do, and the policy makes sure nothing runs.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'x-content-type-options': 'nosniff',
};
// Portraits depend on the path alone: cache for a year. Product pictures show the post's brand and
// product type, which an editor may change: a day, then revalidate.
const FOREVER = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400, stale-while-revalidate=604800';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const postFile = new RegExp(`^(${UUID})(?:-(enhanced|[1-9]))?\\.svg$`);
const slugFile = /^([a-z0-9]+(?:-[a-z0-9]+)*?)(?:-(medium))?\.svg$/;

/** Generated demo pictures: /api/images/posts/{id}.svg, celebrities/{slug}.svg, shows/{slug}.svg. */
const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const fileParams = Type.Object({ file: Type.String({ minLength: 5, maxLength: 200 }) });
  const responses = { 200: Type.String({ description: 'SVG document' }), 400: ErrorBody, 404: ErrorBody };

  app.get(
    '/api/images/posts/:file',
    {
      schema: {
        operationId: 'getPostImage',
        summary: 'Demo artwork of a post',
        params: fileParams,
        response: responses,
      },
    },
    async (request, reply) => {
      const match = postFile.exec(request.params.file);
      if (!match) throw notFound('Image not found');
      const post = await app.catalog.db
        .selectFrom('posts')
        .select(['brand', 'product_type'])
        .where('id', '=', sql<string>`${match[1]!.toLowerCase()}::uuid`)
        .executeTakeFirst();
      if (!post) throw notFound('Image not found');
      return reply
        .headers({ ...SVG_HEADERS, 'cache-control': ONE_DAY })
        .send(productArtwork(request.params.file, post.product_type, post.brand, match[2] ?? ''));
    },
  );

  const portraits = {
    celebrities: { operationId: 'getCelebrityImage', summary: 'Demo portrait of a celebrity' },
    shows: { operationId: 'getShowImage', summary: 'Demo artwork of a show' },
  };
  for (const kind of ['celebrities', 'shows'] as const) {
    app.get(
      `/api/images/${kind}/:file`,
      { schema: { ...portraits[kind], params: fileParams, response: responses } },
      async (request, reply) => {
        const match = slugFile.exec(request.params.file);
        if (!match) throw notFound('Image not found');
        return reply
          .headers({ ...SVG_HEADERS, 'cache-control': FOREVER })
          .send(portraitArtwork(`${kind}/${match[1]}`, slugToDisplayName(match[1]!)));
      },
    );
  }
};

export default imageRoutes;
