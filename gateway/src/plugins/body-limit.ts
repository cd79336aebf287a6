import { ErrorCode } from '@celebstyle/contracts';
import { AppError } from '@celebstyle/service-kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The proxy streams bodies through without parsing them, so Fastify's bodyLimit never sees them:
 * refuse a declared oversize body here, before an upstream is involved. Chunked bodies are bounded
 * by each service's own limit.
 */
async function bodyLimit(app: FastifyInstance, options: { maxBytes: number }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > options.maxBytes) {
      throw new AppError(413, ErrorCode.badRequest, `Request body is larger than ${options.maxBytes} bytes`);
    }
  });
}

export default fp(bodyLimit, { name: 'body-limit' });
