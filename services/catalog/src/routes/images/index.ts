import { ErrorBody } from '@celebstyle/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { portraitOf, postArtwork } from '../../modules/images/artwork.service.ts';

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
    async (request, reply) =>
      reply
        .headers({ ...SVG_HEADERS, 'cache-control': ONE_DAY })
        .send(await postArtwork(app.catalog.db, request.params.file)),
  );

  const portraits = {
    celebrities: { operationId: 'getCelebrityImage', summary: 'Demo portrait of a celebrity' },
    shows: { operationId: 'getShowImage', summary: 'Demo artwork of a show' },
  };
  for (const kind of ['celebrities', 'shows'] as const) {
    app.get(
      `/api/images/${kind}/:file`,
      { schema: { ...portraits[kind], params: fileParams, response: responses } },
      async (request, reply) =>
        reply
          .headers({ ...SVG_HEADERS, 'cache-control': FOREVER })
          .send(portraitOf(kind, request.params.file)),
    );
  }
};

export default imageRoutes;
