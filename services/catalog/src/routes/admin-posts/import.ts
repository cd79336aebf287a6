import { PostImportAnswer } from '@celebstyle/contracts';
import { auditActorOf, badRequest } from '@celebstyle/service-kit';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ImportFileError,
  importEntries,
  parseImportText,
  type ImportEntry,
} from '../../modules/ingestion/import-file.ts';
import { importPosts } from '../../modules/ingestion/import-posts.service.ts';
import { adminErrors } from './errors.ts';

/** 10,000 posts with links are about 10 MB of JSON; well above that, and still bounded. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

/** POST /api/admin/posts/import: a JSON array (application/json) or NDJSON (application/x-ndjson). */
const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ndjson = (_request: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => {
    try {
      done(null, parseImportText(body));
    } catch (error) {
      done(error instanceof ImportFileError ? badRequest(error.message) : (error as Error));
    }
  };
  app.addContentTypeParser(
    ['application/x-ndjson', 'application/ndjson', 'application/jsonl'],
    { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT },
    ndjson,
  );

  app.post(
    '/api/admin/posts/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { response: { 200: PostImportAnswer, 413: adminErrors[400], ...adminErrors } },
    },
    async (request) => {
      const type = request.headers['content-type'] ?? '';
      let entries: ImportEntry[];
      try {
        entries =
          type.includes('json') && !type.includes('ndjson') && !type.includes('jsonl')
            ? importEntries(request.body)
            : (request.body as ImportEntry[]);
      } catch (error) {
        if (error instanceof ImportFileError) throw badRequest(error.message);
        throw error;
      }
      if (!Array.isArray(entries)) throw badRequest('Expected a JSON array of posts, or NDJSON');
      if (entries.length === 0) throw badRequest('The file holds no posts');
      if (entries.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS} posts per import`);
      const result = await importPosts(app.catalog, request.log, entries, auditActorOf(request));
      return result;
    },
  );
};

export default importRoutes;
