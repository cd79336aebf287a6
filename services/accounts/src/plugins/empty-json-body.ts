import type { FastifyInstance } from 'fastify';

/**
 * admin.md §7: logout has no payload, yet clients send Content-Type: application/json with it.
 * Fastify rejects an empty JSON body; read it as null and keep the default (safe) parser otherwise.
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
