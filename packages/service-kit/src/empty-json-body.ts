import type { FastifyInstance } from 'fastify';

/**
 * Generic HTTP clients send `Content-Type: application/json` with every request, body or not
 * (a PUT that approves a post, a logout). Fastify refuses an empty JSON body with 400; read it as
 * null instead, so a route that takes no body answers, and a route that takes one refuses null
 * through its schema (`body must be object`). Any other text goes to Fastify's own parser, with
 * its prototype-poisoning checks.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, null);
    // Fastify's default JSON parser is the callback form: it answers through done and returns
    // nothing; only its declared type (either parser form) says it might return a promise.
    void parseJson(request, text, done);
  });
}
