import type { FastifyInstance } from 'fastify';
import { notePostsRead } from './page-dependencies.ts';

/** The header that marks the renderer's own API reads (not a visitor's: no rate limit applies). */
export const PAGE_RENDER_HEADER = 'x-celebstyle-page-render';

/**
 * How the renderer reads the public API: through the gateway's own routes in-process (inject), so
 * a page reads exactly what the browser would, through the same route table and proxy. `token` is
 * this process's secret, so a visitor cannot claim the header.
 */
export function inProcessApi(app: FastifyInstance, token: string) {
  return async (url: string): Promise<Response> => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { accept: 'application/json', [PAGE_RENDER_HEADER]: token },
    });
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    const type = answer.headers['content-type'];
    // the render cache keeps a page as long as the posts it shows do not change
    if (answer.statusCode === 200 && String(type).startsWith('application/json')) notePostsRead(answer.body);
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: type ? { 'content-type': String(type) } : {},
    });
  };
}
