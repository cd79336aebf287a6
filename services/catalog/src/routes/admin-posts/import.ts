import {
  ImportFileError,
  importEntries,
  MAX_IMPORT_ROWS,
  parseImportText,
  POST_IMPORT_NDJSON_TYPES,
  PostImportAnswer,
  PostImportDocumentedBody,
  type ImportEntry,
  AdminWriteErrorResponses,
  errorResponses,
} from '@celebstyle/contracts';
import { auditActorOf, badRequest } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { importPosts } from '../../modules/ingestion/import-posts.service.ts';

type Done = (error: Error | null, entries?: ImportEntry[]) => void;

/** An ImportFileError is the caller's mistake (400); anything else is ours. */
function answer(done: Done, read: () => ImportEntry[]): void {
  try {
    done(null, read());
  } catch (error) {
    done(error instanceof ImportFileError ? badRequest(error.message) : (error as Error));
  }
}

/**
 * POST /api/admin/posts/import: a JSON array (application/json) or NDJSON (application/x-ndjson).
 * Both parsers turn the file into its entries, so the route never reads the Content-Type itself:
 * Fastify matched it, case-insensitively and with any parameters (media types are case-insensitive).
 */
const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // This plugin's own JSON parser (Fastify's, with its prototype checks), for this route alone.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done: Done) => {
    void parseJson(request, body.toString(), (error, parsed) =>
      error ? done(error) : answer(done, () => importEntries(parsed)),
    );
  });
  app.addContentTypeParser(POST_IMPORT_NDJSON_TYPES, { parseAs: 'string' }, (_request, body, done: Done) =>
    answer(done, () => parseImportText(body.toString())),
  );

  // Its body limit (64 MiB) is contracts' BODY_LIMITS entry, which the gateway applies too.
  app.post(
    '/api/admin/posts/import',
    {
      schema: {
        operationId: 'importPosts',
        summary: 'Import posts from a JSON array or NDJSON file',
        documentedBody: PostImportDocumentedBody,
        response: { 200: PostImportAnswer, ...AdminWriteErrorResponses, ...errorResponses(413) },
      },
    },
    async (request) => {
      const entries = request.body as ImportEntry[] | null | undefined;
      if (!Array.isArray(entries)) throw badRequest('Expected a JSON array of posts, or NDJSON');
      if (entries.length === 0) throw badRequest('The file holds no posts');
      if (entries.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS} posts per import`);
      const result = await importPosts(app.catalog, request.log, entries, auditActorOf(request));
      return result;
    },
  );
};

export default importRoutes;
